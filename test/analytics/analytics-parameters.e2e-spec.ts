import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { testAppForSuite, TestMember } from '../support/test-app';

/**
 * `GET /api/analytics` answers every query with figures or a 400, never a 500: the documented filters with every
 * grouping, impossible days and ids, and (fast-check) any mix of parameters; report rows of any content are
 * previewed and applied with a reason for each refused one. `npm test` runs a fixed seed; `FUZZ_RUNS` and
 * `FUZZ_SEED` as for the link extractor's property test.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED =
  process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? undefined : 3901;
const parameters = (runs: number): fc.Parameters<unknown> => ({
  numRuns: runs,
  ...(SEED === undefined ? {} : { seed: SEED }),
});

const VN = readFileSync(join(__dirname, '..', 'fixtures', 'reports', 'shopee-vn.csv'), 'utf8');
const [HEADER, TEMPLATE] = VN.split('\n');

describe('GET /api/analytics and report rows: no input answers 500', () => {
  // Every case is a request of one key: the rate limits out of the way.
  const t = testAppForSuite(
    { RATE_LIMIT_FREE_PER_KEY: '1000000', RATE_LIMIT_FREE_PER_MEMBER: '1000000' },
    { timeout: 180_000 },
  );
  let member: TestMember;

  beforeAll(async () => {
    member = await t.createMember();
    expect((await t.importReport(member, '?apply=true', VN)).status).toBe(200);
  }, 180_000);

  const analytics = (query: string) =>
    t.send(t.http.get(`/api/analytics${query}`).set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken));

  it('filters by marketplace and currency with the default grouping and every other', async () => {
    const range = 'start=2026-08-01&end=2026-08-31';
    for (const groupBy of ['', '&groupBy=timeseries', '&groupBy=marketplace', '&groupBy=sub_id', '&groupBy=item']) {
      for (const filter of ['marketplace=shopee', 'currency=VND', 'currency=vnd&marketplace=shopee']) {
        const res = await analytics(`?${range}&${filter}${groupBy}`);
        expect([filter, groupBy, res.status]).toEqual([filter, groupBy, 200]);
      }
    }
    const counted = await analytics(`?${range}&marketplace=shopee&event=orders`);
    const all = await analytics(`?${range}&event=orders`);
    expect(counted.body.rows[0].orders).toBeGreaterThan(0);
    expect(counted.body.rows).toEqual(all.body.rows);
    const lazada = await analytics(`?${range}&marketplace=lazada&event=orders`);
    expect(lazada.body.rows.reduce((n: number, r: { orders: number }) => n + r.orders, 0)).toBe(0);
    const byCurrency = await analytics(`?${range}&currency=VND`);
    expect(byCurrency.body.rows[0].amounts.map((a: { currency: string }) => a.currency)).toEqual(['VND']);
    expect((await analytics(`?${range}&currency=THB`)).body.rows[0]?.orders ?? 0).toBe(0);
  });

  it.each([
    ['start=2026-02-30&end=2026-03-05'],
    ['start=2026-04-01&end=2026-04-31'],
    ['start=0000-01-01&end=0000-01-05'],
    ['start=9999-12-01&end=9999-12-31'],
    ['start=2026-13-01'],
    ['start=2026-08-01T25:00'],
    ['link=9223372036854775808'],
    ['link=9999999999999999999'],
  ])('refuses %s with 400', async (query) => {
    const res = await analytics(`?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('answers any mix of parameters with figures or a 400 (fast-check)', async () => {
    const day = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    const time = fc
      .tuple(day, fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 69 }))
      .map(([d, h, m]) => `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const august = (from: number, to: number) =>
      fc.integer({ min: from, max: to }).map((d) => `2026-08-${String(d).padStart(2, '0')}`);
    const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '%00', "'", '-1', '1e3', ' '));
    /** Mostly a valid value, sometimes a wrong one (`invalid`) or junk. */
    const value = (valid: string[], invalid: string[] = []) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...valid), weight: 12 },
        { arbitrary: invalid.length > 0 ? fc.constantFrom(...invalid) : junk, weight: 1 },
        { arbitrary: junk, weight: 1 },
      );
    const when = (recent: fc.Arbitrary<string>) =>
      fc.oneof(
        { arbitrary: recent, weight: 12 },
        { arbitrary: fc.oneof(day, time), weight: 1 },
        { arbitrary: junk, weight: 1 },
      );
    const query = fc.record(
      {
        event: value(['clicks', 'orders', 'commission', 'orders,clicks', 'commission,commission']),
        groupBy: value(['count', 'timeseries', 'sub_id', 'link', 'item', 'shop', 'marketplace', 'country', 'os']),
        start: when(august(1, 15)),
        end: when(august(16, 31)),
        interval: value(['hour', 'day', 'week', 'month']),
        timezone: value(
          ['UTC', 'Asia/Ho_Chi_Minh', 'America/St_Johns', 'Etc/GMT+12', 'Pacific/Kiritimati'],
          ['Foo/Bar'],
        ),
        sub_id: value(['fb-post1', 'zalo', '']),
        sub_id_position: value(['1', '6'], ['0', '7']),
        link: fc.oneof(
          { arbitrary: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map(String), weight: 12 },
          { arbitrary: fc.constantFrom('9223372036854775808', '99999999999999999999'), weight: 1 },
          { arbitrary: junk, weight: 1 },
        ),
        marketplace: value(['shopee', 'lazada', 'tiktok', 'tiki', 'other']),
        item: value(['5001', 'a.b-c_d']),
        country: value(['VN', 'th']),
        device: value(['mobile', 'bot', '']),
        currency: value(['VND', 'thb', 'XXX']),
        limit: value(['1', '1000'], ['0', '1001']),
        format: value(['json', 'csv']),
      },
      { requiredKeys: [] },
    );
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const res = await analytics(`?${new URLSearchParams(params as Record<string, string>).toString()}`);
        expect([params, res.status]).toEqual([params, res.status === 200 ? 200 : 400]);
        if (res.status === 200) answered += 1;
      }),
      parameters(RUNS),
    );
    // Not only refusals: a good share of the cases reach the queries.
    expect(answered).toBeGreaterThan(RUNS / 10);
  }, 600_000);

  it('previews and applies report rows of any content with a reason for each refused one (fast-check)', async () => {
    const cells = TEMPLATE.split(',');
    const cell = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('\u0000', 'x\u0000y', '=cmd|" /C calc"!A0', '-', '--', '1.234,5', '9'.repeat(20)),
      fc.constantFrom('2026-02-30 10:00:00', '0000-01-01 00:00:00', '9999-12-31 23:59:59', '2026-08-10 10:00:00'),
      fc.constantFrom('Hoàn thành', 'Đã hủy', 'Đang chờ xử lý', 'Chưa thanh toán'),
    );
    // A row: the fixture's, with a few of its cells replaced (by index) by generated ones.
    const row = fc
      .array(fc.tuple(fc.integer({ min: 0, max: cells.length - 1 }), cell), { maxLength: 6 })
      .chain((changes) =>
        fc.string({ minLength: 1, maxLength: 8 }).map((orderId) => {
          const out = [...cells];
          out[0] = orderId.replace(/[",\r\n]/g, '_');
          for (const [i, v] of changes) out[i] = `"${v.replace(/"/g, '""')}"`;
          return out.join(',');
        }),
      );
    const own = await t.createMember();
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
        const file = [HEADER, ...rows, ''].join('\n');
        for (const query of ['', '?apply=true']) {
          const res = await t.importReport(own, query, file);
          expect([query, res.status]).toEqual([query, 200]);
          const { rows_read, new: added, updated, unchanged, skipped, problems } = res.body;
          expect(added + updated + unchanged + skipped).toBe(rows_read);
          expect(problems.length).toBe(Math.min(skipped, 100));
        }
      }),
      parameters(Math.ceil(RUNS / 5)),
    );
  }, 600_000);
});
