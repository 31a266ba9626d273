import { Histogram, Registry } from 'prom-client';
import { HttpDurationHistogram } from './http-duration-histogram';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAME = 'test_http_request_duration_seconds';

function both() {
  const plainRegistry = new Registry();
  const fastRegistry = new Registry();
  const config = { name: NAME, help: 'h', labelNames: ['method', 'route', 'status_code'] as const, buckets: BUCKETS };
  const plain = new Histogram({ ...config, registers: [plainRegistry] });
  const fast = new HttpDurationHistogram({ ...config, registers: [fastRegistry] });
  return { plain, fast, plainRegistry, fastRegistry };
}

describe('HttpDurationHistogram', () => {
  // Durations on and around every bound, below the first and above the last.
  const durations = [0, 0.0004, 0.001, 0.0011, 0.003, 0.0999, 0.1, 0.7, 2.5, 9.99, 10, 11, 42];
  const requests: Array<[string, string, number]> = [
    ['GET', '/:code', 302],
    ['HEAD', '/:code', 302],
    ['GET', '/s/:code', 404],
    ['POST', '/api/convert', 200],
    ['GET', 'unmatched', 404],
  ];

  it('exports exactly what prom-client observe() exports for the same observations', async () => {
    const { plain, fast, plainRegistry, fastRegistry } = both();
    for (let round = 0; round < 3; round += 1) {
      for (const [method, route, status] of requests) {
        for (const seconds of durations) {
          plain.observe({ method, route, status_code: String(status) }, seconds);
          fast.observeRequest(method, route, status, seconds);
        }
      }
    }
    const text = await fastRegistry.metrics();
    expect(text).toBe(await plainRegistry.metrics());
    expect(text).toContain(`${NAME}_count{method="GET",route="/:code",status_code="302"} 39`);
    expect(text).toContain(`${NAME}_bucket{le="0.001",method="GET",route="/:code",status_code="302"} 9`);
    expect(await fastRegistry.getMetricsAsJSON()).toEqual(await plainRegistry.getMetricsAsJSON());
  });

  it('keeps counting the same after reset(), zero() and remove() replace its series', async () => {
    const { plain, fast, plainRegistry, fastRegistry } = both();
    const observe = (seconds: number) => {
      plain.observe({ method: 'GET', route: '/:code', status_code: '302' }, seconds);
      fast.observeRequest('GET', '/:code', 302, seconds);
    };
    observe(0.002);
    for (const histogram of [plain, fast]) histogram.reset();
    observe(0.02);
    for (const histogram of [plain, fast]) histogram.zero({ method: 'GET', route: '/:code', status_code: '302' });
    observe(0.2);
    for (const histogram of [plain, fast]) histogram.remove({ method: 'GET', route: '/:code', status_code: '302' });
    observe(2);
    observe(3);
    const text = await fastRegistry.metrics();
    expect(text).toBe(await plainRegistry.metrics());
    expect(text).toContain(`${NAME}_count{method="GET",route="/:code",status_code="302"} 2`);
  });
});
