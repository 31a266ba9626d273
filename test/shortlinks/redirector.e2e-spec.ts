import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Clock, ShutdownState } from '@app/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { configureRedirector } from '../../apps/redirector/src/configure-redirector';
import { loadRedirectorConfig, RedirectorModule } from '../../apps/redirector/src/redirector.module';
import { ShortLinkService } from '@app/shortlinks';
import { AccountClient } from '../support/account-client';
import { ApiProcess, eventually, freePort } from '../support/api-process';
import { createTestApp, TEST_SECRET, TestApp, TestMember } from '../support/test-app';
import { describeIf } from '../support/skip';

const SHORT_HOST = 'go.sl.test';
const AFFILIATE_ID = '17345510000';
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const codeOf = (url: string) => url.split('/').pop()!;

/**
 * The standalone redirector (`apps/redirector`) against the api's database, and clicks surviving a graceful
 * stop. The embedded database belongs to one process at a time, so the apps take turns on one data folder
 * (on Postgres they could run side by side; the same sequence is run on both).
 */
describe('standalone redirector and graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-redirector-'));
  const env = {
    DATA_DIR: dataDir,
    SHORT_LINK_BASE_URL: `https://${SHORT_HOST}`,
    CLICK_FLUSH_INTERVAL_MS: '300000',
  };
  let member: TestMember;
  let codes: string[] = [];
  /** The day the standalone redirector counted its clicks on, by its own clock. */
  let clickDay = '';

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function startRedirector(): Promise<NestExpressApplication> {
    const config = loadRedirectorConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      CREDENTIALS_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...env,
    });
    const moduleRef = await Test.createTestingModule({ imports: [RedirectorModule.forRoot(config)] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
    configureRedirector(app);
    await app.init();
    return app;
  }

  it('the api makes short links on a dedicated short host (no path prefix)', async () => {
    const t = await createTestApp(env);
    try {
      member = await t.createMember();
      const content = 'https://shopee.vn/product/101/202 https://shopee.vn/product/101/203';
      const res = await t.convert(member, { content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      expect(res.body.summary.success).toBe(2);
      for (const item of res.body.items)
        expect(item.output).toMatch(new RegExp(`^https://${SHORT_HOST}/[A-Za-z0-9]{7}$`));
      codes = res.body.items.map((item: { output: string }) => codeOf(item.output));
      // Mounted in the api, codes at the root of our short host: it may be the api's own host, so
      // the api's reserved paths stay the api's there (custom domains stay all redirector: short-links tests);
      // any other path is the redirector's 404 page.
      const account = await t.send(t.http.get('/account').set('Host', SHORT_HOST).set('Accept', 'application/json'));
      expect(account.status).toBe(401);
      expect(account.body.error.code).toBe('unauthenticated');
      const unknown = await t.send(t.http.get('/nothing-here').set('Host', SHORT_HOST));
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/text\/html/);
      expect((await t.send(t.http.get('/health').set('Host', SHORT_HOST))).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the standalone redirector follows them, counts clicks, and writes them when it stops gracefully', async () => {
    const app = await startRedirector();
    let closed = false;
    try {
      const http = request(app.getHttpServer());
      clickDay = app.get(Clock).now().toISOString().slice(0, 10);
      const hit = await http.get(`/${codes[0]}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA).redirects(0);
      expect(hit.status).toBe(302);
      expect(hit.headers.location).toBe(
        `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shopee.vn/product/101/202')}&affiliate_id=${AFFILIATE_ID}`,
      );
      expect(hit.headers['cache-control']).toBe('private, max-age=90');
      expect(hit.headers['referrer-policy']).toBe('no-referrer');
      for (let i = 0; i < 4; i += 1) {
        await http.get(`/${codes[0]}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA).redirects(0).expect(302);
      }
      await http.get(`/${codes[1]}`).set('Host', `${SHORT_HOST}:8443`).set('User-Agent', 'curl/8.5.0').expect(302);
      await http.head(`/${codes[1]}`).set('Host', SHORT_HOST).expect(302);

      const health = await http.get('/health').set('Host', SHORT_HOST);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok' });
      // Also by address (a load balancer's probe); other paths there are 404.
      expect((await http.get('/health').set('Host', '127.0.0.1:3001')).status).toBe(200);
      expect((await http.get(`/${codes[0]}`).set('Host', '127.0.0.1:3001')).status).toBe(404);
      // Its liveness and its Prometheus metrics, by address too (never on the short host: that is a code).
      expect((await http.get('/health/live').set('Host', '127.0.0.1:3001')).status).toBe(200);
      const metrics = await http.get('/metrics').set('Host', '127.0.0.1:3001');
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('linkconv_redirects_total{domain_kind="own",bot="false"} 5');
      expect(metrics.text).toMatch(
        /linkconv_http_request_duration_seconds_count\{method="GET",route="\/:code",status_code="302"\} [6-9]/,
      );
      expect(metrics.text).toContain('linkconv_buffer_pending_rows{buffer="clicks"} 2');
      expect(metrics.text).not.toContain(codes[0]);
      const unknown = await http.get('/ZZZZZZZ').set('Host', SHORT_HOST);
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await http.get(`/${codes[0]}`).set('Host', 'other.example.com')).status).toBe(404);
      expect((await http.get('/docs').set('Host', SHORT_HOST)).status).toBe(404);
      expect((await http.delete(`/${codes[0]}`).set('Host', SHORT_HOST)).status).toBe(405);

      // Once stopping (GracefulShutdown marks the ShutdownState), redirects and pages ask keep-alive clients to close.
      const keepAlive = (path: string) =>
        http
          .get(path)
          .set('Host', SHORT_HOST)
          .set('Connection', 'keep-alive')
          .set('User-Agent', BROWSER_UA)
          .redirects(0);
      expect((await keepAlive(`/${codes[0]}`)).headers.connection).toBe('keep-alive');
      app.get(ShutdownState).begin();
      const closing = await keepAlive(`/${codes[0]}`);
      expect(closing.status).toBe(302);
      expect(closing.headers.connection).toBe('close');
      const closingMissing = await keepAlive('/ZZZZZZZ');
      expect(closingMissing.status).toBe(404);
      expect(closingMissing.headers.connection).toBe('close');

      // Nothing is written until the flush: the graceful stop does it.
      const [before] = await app
        .get<DataSource>(getDataSourceToken())
        .query('SELECT COALESCE(sum(clicks), 0)::int AS c FROM short_link_clicks');
      expect(before.c).toBe(0);
      await app.close();
      closed = true;
    } finally {
      if (!closed) await app.close();
    }
  });

  it('the clicks written at shutdown are in the account area', async () => {
    const t: TestApp = await createTestApp(env, { keepData: true });
    try {
      const client = await new AccountClient(t).loginOk(member.member.email);
      const list = await client.get('/account/short-links');
      const byCode = new Map(list.body.short_links.map((link: { code: string }) => [link.code, link]));
      expect(byCode.get(codes[0])).toMatchObject({ clicks: 7, bot_clicks: 0 });
      expect(byCode.get(codes[1])).toMatchObject({ clicks: 0, bot_clicks: 2 });
      const perDay = await client.get('/account/short-links/clicks?days=1');
      expect(perDay.body.days).toEqual([{ day: clickDay, clicks: 7, bot_clicks: 2 }]);
    } finally {
      await t.close();
    }
  });

  it('loses no click when the api (redirector mounted) stops right after them, before any flush', async () => {
    const t = await createTestApp(env, { keepData: true });
    await new Promise<void>((resolve) => t.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const agent = request(`http://127.0.0.1:${port}`);
    const clicks = Array.from({ length: 20 }, () =>
      agent.get(`/${codes[1]}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA).redirects(0),
    );
    const statuses = await Promise.all(clicks.map((pending) => pending.then((res) => res.status)));
    await t.close();
    expect(statuses.every((status) => status === 302)).toBe(true);
    const again = await createTestApp(env, { keepData: true });
    try {
      const [row] = await again.dataSource.query(
        'SELECT t.clicks::int AS c FROM short_links s JOIN (SELECT short_link_id, SUM(clicks) AS clicks, SUM(bot_clicks) AS bot_clicks FROM short_link_clicks GROUP BY short_link_id) t ON t.short_link_id = s.id WHERE s.code = $1',
        [codes[1]],
      );
      expect(row.c).toBe(20);
    } finally {
      await again.close();
    }
  });
});

/** Whether a new TCP connection to `port` on 127.0.0.1 is refused (the server stopped accepting). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** One redirect request over `agent`: resolves when it is written out, and with its answer. */
function redirectRequest(agent: Agent, port: number, host: string, code: string, userAgent: string) {
  let sentResolve!: () => void;
  const sent = new Promise<void>((done) => (sentResolve = done));
  const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = get({
      agent,
      host: '127.0.0.1',
      port,
      path: `/${code}`,
      headers: { Host: host, 'User-Agent': userAgent },
    });
    req.on('finish', sentResolve);
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
  });
  return { sent, answered };
}

/**
 * The standalone redirector as a real process (`apps/redirector/src/main.ts`), stopped by SIGTERM while many
 * redirects are in flight on keep-alive connections: every request sent gets its 302, the process exits 0, and
 * the clicks (only the shutdown flush writes: CLICK_FLUSH_INTERVAL_MS is long) equal the redirects answered.
 */
describeIf(
  Boolean(process.env.DATABASE_URL),
  'needs DATABASE_URL (the standalone redirector runs on a Postgres server)',
)('standalone redirector process: SIGTERM under load', () => {
  const host = 'sl.sigterm.test';
  const connections = 100;
  const warmRounds = 3;
  const botUa = 'curl/8.5.0';
  const env = { SHORT_LINK_BASE_URL: `http://${host}`, CLICK_FLUSH_INTERVAL_MS: '300000' };

  it('answers every redirect in flight, exits 0, and writes exactly the clicks it answered', async () => {
    const t = await createTestApp(env);
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    let redirector: ApiProcess | undefined;
    try {
      const { member } = await t.createMember();
      // Two links clicked during the warm-up, and one per connection that the redirector has not looked up yet
      // (the requests in flight at the signal wait on the database, not only on the event loop).
      const targets = Array.from(
        { length: 2 + connections },
        (_, i) =>
          `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(`https://shopee.vn/product/7/${i}`)}&affiliate_id=${AFFILIATE_ID}`,
      );
      const codes = [...(await t.app.get(ShortLinkService).shorten(member.id, '', targets)).values()];
      const port = await freePort();
      redirector = await ApiProcess.start({
        script: 'apps/redirector/src/main.ts',
        env: { ...env, DATABASE_URL: process.env.DATABASE_URL, PORT: String(port), REDIRECTOR_PORT: String(port) },
      });
      const expected = new Map(codes.map((code) => [code, { clicks: 0, bots: 0 }]));
      let sent = 0;
      // A bot every third request: people and bots are counted apart.
      const fire = (code: string) => {
        const bot = sent++ % 3 === 0;
        const tally = expected.get(code)!;
        if (bot) tally.bots += 1;
        else tally.clicks += 1;
        return redirectRequest(agent, port, host, code, bot ? botUa : BROWSER_UA);
      };

      // Warm-up: `connections` keep-alive connections opened and reused.
      for (let round = 0; round < warmRounds; round += 1) {
        const batch = Array.from({ length: connections }, (_, i) => fire(codes[i % 2]));
        const answers = await Promise.all(batch.map((request) => request.answered));
        expect(answers.every((answer) => answer.status === 302 && answer.connection === 'keep-alive')).toBe(true);
      }
      const [before] = await t.dataSource.query(
        'SELECT COALESCE(sum(clicks + bot_clicks), 0)::int AS c FROM short_link_clicks',
      );
      expect(before.c).toBe(0);

      // One more request on every connection, held in flight on purpose: their lookups wait on a lock the test
      // holds on short_links until the redirector has taken the signal (it stops accepting connections).
      const lock = t.dataSource.createQueryRunner();
      await lock.connect();
      await lock.startTransaction();
      let exitCode: Promise<number | null>;
      let answers: Array<{ status: number; connection: string | undefined }>;
      try {
        await lock.query('LOCK TABLE short_links IN ACCESS EXCLUSIVE MODE');
        const wave = codes.slice(2).map((code) => fire(code));
        await Promise.all(wave.map((request) => request.sent));
        exitCode = redirector.stop('SIGTERM');
        expect(await eventually(() => refusesConnections(port), 30_000, 20)).toBe(true);
        await lock.commitTransaction();
        answers = await Promise.all(wave.map((request) => request.answered));
      } finally {
        if (lock.isTransactionActive) await lock.rollbackTransaction();
        await lock.release();
      }
      expect(answers.filter((answer) => answer.status !== 302)).toEqual([]);
      // Every one was answered after the signal: each asks its client to close the keep-alive connection.
      expect(answers.filter((answer) => answer.connection !== 'close')).toEqual([]);
      expect(await exitCode).toBe(0);
      expect(redirector.logs()).not.toMatch(/Shutdown time-out|Shutdown failed|clicks are lost/);

      const rows: Array<{ code: string; clicks: number; bots: number }> = await t.dataSource.query(
        'SELECT s.code, COALESCE(t.clicks, 0)::int AS clicks, COALESCE(t.bot_clicks, 0)::int AS bots FROM short_links s LEFT JOIN (SELECT short_link_id, SUM(clicks) AS clicks, SUM(bot_clicks) AS bot_clicks FROM short_link_clicks GROUP BY short_link_id) t ON t.short_link_id = s.id WHERE s.code = ANY($1)',
        [codes],
      );
      expect(new Map(rows.map((row) => [row.code, { clicks: row.clicks, bots: row.bots }]))).toEqual(expected);
      expect(rows.reduce((sum, row) => sum + row.clicks + row.bots, 0)).toBe(sent);
      expect(sent).toBe(connections * (warmRounds + 1));
    } finally {
      agent.destroy();
      await redirector?.dispose();
      await t.close();
    }
  }, 120_000);
});
