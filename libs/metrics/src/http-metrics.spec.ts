import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpMetricsMiddleware, setRouteLabel, timedRequestListener } from './http-metrics';
import type { MetricsConfig } from './metrics.config';
import { Metrics } from './metrics.service';

/** `linkconv_http_request_duration_seconds_count` of one series in the scraped text (0 when absent). */
async function count(metrics: Metrics, method: string, route: string, status: number): Promise<number> {
  const { body } = await metrics.render();
  const line = body
    .split('\n')
    .find((l) =>
      l.startsWith(
        `linkconv_http_request_duration_seconds_count{method="${method}",route="${route}",status_code="${status}"} `,
      ),
    );
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('the HTTP duration timer', () => {
  let server: Server;
  let base: string;
  const answered: ServerResponse[] = [];

  async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<void> {
    server = createServer(listener);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const visit = (path: string) =>
    new Promise<number>((resolve, reject) => {
      get(`${base}${path}`, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject);
    });
  /** Settled when the answer of `/later` has closed (its listener is added before the timer's). */
  let laterClosed: Promise<void> = Promise.resolve();

  afterEach(async () => {
    answered.length = 0;
    await new Promise((done) => server.close(done));
  });

  /** A 302 answered at once (as a cached redirect is), or a 200 answered on a later turn (as Express's routes are). */
  function app(req: IncomingMessage, res: ServerResponse): void {
    answered.push(res);
    setRouteLabel(req, req.url === '/later' ? '/later' : '/:code');
    if (req.url === '/later') {
      laterClosed = new Promise((done) => res.once('close', () => done()));
      setImmediate(() => res.writeHead(200, { 'Content-Length': '2' }).end('ok'));
      return;
    }
    res.writeHead(302, { Location: 'https://example.com/', 'Content-Length': '0' }).end();
  }

  it.each([
    ['around a request listener', (metrics: Metrics) => timedRequestListener(metrics, app)],
    [
      'as a middleware',
      (metrics: Metrics) => {
        const timed = httpMetricsMiddleware(metrics);
        return (req: IncomingMessage, res: ServerResponse) => timed(req, res, () => app(req, res));
      },
    ],
  ])(
    '%s: an answer ended synchronously is observed at once, with no close listener; a later one on close',
    async (_, make) => {
      const metrics = new Metrics({ METRICS_ENABLED: true } as MetricsConfig);
      await listen(make(metrics));
      expect(await visit('/abc')).toBe(302);
      expect(await visit('/abc')).toBe(302);
      expect(await count(metrics, 'GET', '/:code', 302)).toBe(2);
      expect(answered.map((res) => res.listenerCount('close'))).toEqual([0, 0]);

      expect(await visit('/later')).toBe(200);
      await laterClosed;
      const later = answered[2];
      expect(later.listenerCount('close')).toBe(1); // the timer's
      expect(await count(metrics, 'GET', '/later', 200)).toBe(1);
      // Observed once per request.
      later.emit('close');
      expect(await count(metrics, 'GET', '/later', 200)).toBe(1);
    },
  );
});

describe('Metrics.countRedirect', () => {
  it('hands its counts to linkconv_redirects_total when scraped, once', async () => {
    const metrics = new Metrics({ METRICS_ENABLED: true } as MetricsConfig);
    const sample = async (labels: string) => {
      const { body } = await metrics.render();
      const line = body.split('\n').find((l) => l.startsWith(`linkconv_redirects_total{${labels}} `));
      return line ? Number(line.split(' ')[1]) : undefined;
    };
    expect(await sample('domain_kind="own",bot="false"')).toBeUndefined();
    metrics.countRedirect('own', false);
    metrics.countRedirect('own', false);
    metrics.countRedirect('own', true);
    metrics.countRedirect('custom', false);
    expect(await sample('domain_kind="own",bot="false"')).toBe(2);
    expect(await sample('domain_kind="own",bot="true"')).toBe(1);
    expect(await sample('domain_kind="custom",bot="false"')).toBe(1);
    expect(await sample('domain_kind="custom",bot="true"')).toBeUndefined();
    // A second scrape adds nothing; new redirects add to what was handed over.
    expect(await sample('domain_kind="own",bot="false"')).toBe(2);
    metrics.countRedirect('own', false);
    expect(await sample('domain_kind="own",bot="false"')).toBe(3);
    expect((await metrics.redirects.get()).values.find((v) => v.labels.domain_kind === 'custom')?.value).toBe(1);
  });
});
