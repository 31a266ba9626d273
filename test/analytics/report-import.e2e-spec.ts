import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ORDER_SUMMARY_TABLES, orderSummaryInsert } from '@app/analytics/testing';
import { AccountClient } from '../support/account-client';
import { TestApp, testAppForSuite, TestMember } from '../support/test-app';
import { affiliateRedirectTo } from '../support/recorded-clicks';
import { insertShortLink } from '../support/short-links';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
/** The figures every order summary holds. */
const FIGURES = 'orders, all_orders, gmv, pending, completed, cancelled';
const file = (name: string) => readFileSync(join(FIXTURES, name));

/** The stored lines of a member, by line key: status and amounts as Postgres prints them (exact). */
async function lines(t: TestApp, memberId: string) {
  const rows: Array<Record<string, string>> = await t.dataSource.query(
    `SELECT marketplace, line_key, status, currency, qty, gmv::text, commission::text, net_commission::text, sub_id,
            item_name, purchased_at, short_link_id::text AS link
       FROM order_lines WHERE member_id = $1 ORDER BY line_key`,
    [memberId],
  );
  return new Map(rows.map((row) => [row.line_key, row]));
}

describe("POST /api/conversions/import: the marketplaces' report exports", () => {
  // Small enough to exceed in a test, large enough for every golden file (one app per file: see docs/testing.md).
  const t = testAppForSuite({ IMPORT_MAX_BYTES: '65536' }, { timeout: 180_000 });
  let alice: TestMember;

  beforeAll(async () => {
    alice = await t.createMember();
  }, 180_000);

  const upload = (member: TestMember, body: Buffer | string, query = '', type = 'text/csv') =>
    t.importReport(member, query, body, type);

  it('previews a Shopee VN export (UTF-8 with BOM) without writing, then applies it', async () => {
    const member = await t.createMember();
    const preview = await upload(member, file('shopee-vn.csv'));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      ok: true,
      applied: false,
      marketplace: 'shopee',
      currencies: ['VND'],
      rows_read: 9,
      new: 6,
      updated: 0,
      unchanged: 0,
      skipped: 3,
      skipped_by_reason: { duplicate_row: 1, bad_time: 1, missing_order_id: 1 },
    });
    expect(preview.body.problems.map((p: { row: number; reason: string }) => [p.row, p.reason])).toEqual([
      [4, 'duplicate_row'],
      [9, 'bad_time'],
      [10, 'missing_order_id'],
    ]);
    expect((await lines(t, member.member.id)).size).toBe(0);

    const applied = await upload(member, file('shopee-vn.csv'), '?apply=true');
    expect(applied.body).toMatchObject({ applied: true, new: 6, updated: 0, skipped: 3 });
    const stored = await lines(t, member.member.id);
    expect([...stored.keys()]).toEqual([
      '260810AAA1|5001|7001',
      '260810AAA1|5002|7002',
      '260811BBB2|5003|0',
      '260812CCC3|5001|7001',
      '260812DDD4|5004|',
      '260813EEE5|5003|0',
    ]);
    // The duplicate's 0 did not replace the real commission; thousands separators read; exact decimals.
    expect(stored.get('260810AAA1|5001|7001')).toMatchObject({
      status: 'completed',
      gmv: '200000.000000',
      net_commission: '10000.000000',
      qty: 2,
      sub_id: 'fb-post1',
      currency: 'VND',
    });
    expect(stored.get('260813EEE5|5003|0')).toMatchObject({
      gmv: '1250000.000000',
      net_commission: '62500.000000',
      sub_id: '',
    });
    expect(stored.get('260812CCC3|5001|7001')).toMatchObject({ status: 'cancelled', sub_id: 'zalo' });
    expect(stored.get('260811BBB2|5003|0')!.status).toBe('pending');
    // Region time (UTC+7): 23:30 on 11 Aug in Vietnam is 16:30 UTC.
    expect(new Date(stored.get('260811BBB2|5003|0')!.purchased_at).toISOString()).toBe('2026-08-11T16:30:00.000Z');
    // A formula in a name is stored as the text it is.
    expect(stored.get('260810AAA1|5002|7002')!.item_name).toBe('=HYPERLINK("http://evil.example","x")');
  });

  it('is idempotent: the same file again changes nothing; a later export changes only what changed', async () => {
    const member = await t.createMember();
    await upload(member, file('shopee-vn.csv'), '?apply=true');
    const again = await upload(member, file('shopee-vn.csv'), '?apply=true');
    expect(again.body).toMatchObject({ new: 0, updated: 0, unchanged: 6, skipped: 3 });
    expect((await lines(t, member.member.id)).size).toBe(6);

    const later = file('shopee-vn-later.csv');
    expect(later[0]).not.toBe(0xef); // the later export has no BOM
    const preview = await upload(member, later);
    expect(preview.body).toMatchObject({
      applied: false,
      rows_read: 5,
      new: 1,
      updated: 3,
      unchanged: 1,
      skipped: 0,
      status_changes: { 'completed→cancelled': 2, 'pending→completed': 1 },
    });
    await upload(member, later, '?apply=true');
    const stored = await lines(t, member.member.id);
    expect(stored.size).toBe(7);
    expect(stored.get('260810AAA1|5001|7001')).toMatchObject({ status: 'cancelled', net_commission: '0.000000' });
    expect(stored.get('260811BBB2|5003|0')).toMatchObject({ status: 'completed' });
    // Lines the later export does not mention are kept as they were.
    expect(stored.get('260813EEE5|5003|0')).toMatchObject({ status: 'completed', net_commission: '62500.000000' });
  });

  it('takes imports of one member in turns: all succeed at once, and the summaries are those of the lines', async () => {
    // Each upload its own orders (the order ids prefixed), on the same days: no line in common, the same summary rows.
    const own = (name: string, i: number) =>
      Buffer.from(
        file(name)
          .toString('utf8')
          .split('\n')
          .map((line, n) => (n === 0 || line.trim() === '' ? line : `U${i}${line}`))
          .join('\n'),
        'utf8',
      );
    const files = Array.from({ length: 10 }, (_, i) => own(i % 2 ? 'shopee-vn-later.csv' : 'shopee-vn.csv', i));
    const member = await t.createMember();
    /** Every order summary of the member, summed per table (exact decimals as Postgres prints them). */
    const summaries = (runner: { query(sql: string, params: unknown[]): Promise<unknown> }) =>
      runner.query(
        `SELECT t, sum(orders)::text AS orders, sum(all_orders)::text AS all_orders, sum(gmv)::text AS gmv,
                sum(pending)::text AS pending, sum(completed)::text AS completed, sum(cancelled)::text AS cancelled
           FROM (SELECT 'days' AS t, ${FIGURES} FROM order_days WHERE member_id = $1
                 UNION ALL SELECT 'weeks', ${FIGURES} FROM order_weeks WHERE member_id = $1
                 UNION ALL SELECT 'hours', ${FIGURES} FROM order_member_hours WHERE member_id = $1) AS s
          GROUP BY t ORDER BY t`,
        [member.member.id],
      );

    // Exports of the same days applied at the same time (uploads beside the scheduled pull, say).
    const answers = await Promise.all(files.map((body) => upload(member, body, '?apply=true')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // Nothing lost or counted twice: every line new in its upload is stored once.
    const added = answers.reduce((sum, answer) => sum + (answer.body.new as number), 0);
    expect(added).toBeGreaterThan(40);
    expect((await lines(t, member.member.id)).size).toBe(added);
    const kept = await summaries(t.dataSource);

    // What the lib's own rule computes from the lines as they ended up (then rolled back).
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      for (const table of ORDER_SUMMARY_TABLES) {
        await runner.query(`DELETE FROM ${table} WHERE member_id = $1`, [member.member.id]);
      }
      for (const table of ORDER_SUMMARY_TABLES) {
        await runner.query(orderSummaryInsert(table, 'member_id = $1'), [member.member.id]);
      }
      const fromLines = await summaries(runner);
      expect(fromLines).toHaveLength(3);
      expect(kept).toEqual(fromLines);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it.each([
    ['shopee-en-ph.csv', 'shopee', 'PHP', 3, { '37.040000': 1, '0.000000': 2 }],
    ['shopee-th.csv', 'shopee', 'THB', 3, { '10.000000': 1, '2.410000': 1, '0.000000': 1 }],
    ['shopee-id.csv', 'shopee', 'IDR', 3, { '769945.000000': 1, '2546.180000': 1, '0.000000': 1 }],
    ['shopee-br.csv', 'shopee', 'BRL', 3, { '90.860000': 1, '2.000000': 1, '0.000000': 1 }],
    ['lazada.csv', 'lazada', 'VND', 4, { '15000.000000': 2, '0.000000': 1, '2500.000000': 1 }],
  ])('reads %s by its header aliases', async (name, marketplace, currency, count, nets) => {
    const member = await t.createMember();
    const res = await upload(member, file(name), '?apply=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ marketplace, currencies: [currency], new: count, skipped: 0 });
    const stored = [...(await lines(t, member.member.id)).values()];
    const byNet: Record<string, number> = {};
    for (const line of stored) byNet[line.net_commission] = (byNet[line.net_commission] ?? 0) + 1;
    expect(byNet).toEqual(nets);
  });

  it("reads each language's statuses, item-level cancellations, sub id columns and cp1252 names", async () => {
    const member = await t.createMember();
    for (const name of ['shopee-en-ph.csv', 'shopee-id.csv', 'shopee-br.csv', 'lazada.csv']) {
      await upload(member, file(name), '?apply=true');
    }
    const stored = await lines(t, member.member.id);
    // An item cancelled inside a completed order is cancelled.
    expect(stored.get('PH001|802|2')!.status).toBe('cancelled');
    expect(stored.get('PH001|801|1')).toMatchObject({ status: 'completed', gmv: '1234.500000' });
    expect(stored.get('PH002|801|1')).toMatchObject({ status: 'unpaid', sub_id: 'ig-story' });
    // ID: Tag_link columns are the sub ids; "51.329.667" rupiah has no decimals.
    expect(stored.get('ID001|4001|1')).toMatchObject({
      sub_id: 'wa-grup1',
      gmv: '51329667.000000',
      status: 'completed',
    });
    expect(stored.get('BR003|7002|')).toMatchObject({ status: 'unpaid' });
    expect(stored.get('BR001|7001|')).toMatchObject({ gmv: '1234.560000', commission: '98.760000' });
    // Lazada: key order|subOrder|sku, Returned is cancelled, fulfilled is pending, Windows-1252 text decoded.
    expect(stored.get('LZ001|S1|2001_VNAMZ')).toMatchObject({
      status: 'completed',
      item_name: 'Crème brûlée – set',
      sub_id: 'fb-p9',
    });
    expect(stored.get('LZ002|S3|2001_VNAMZ')!.status).toBe('cancelled');
    expect(stored.get('LZ003|S4|2003_VNAMZ')!.status).toBe('pending');
  });

  it("attributes lines to the member's short links by sub ids (and item when several links share them)", async () => {
    const member = await t.createMember();
    const link = (code: string, subId: string, item: string) =>
      insertShortLink(t, member.member.id, { code, target: affiliateRedirectTo(item), subId });
    const fbA = await link('FbPost1A', 'fb-post1', '5001');
    const fbB = await link('FbPost1B', 'fb-post1', '5004');
    const zalo = await link('ZaloLnk', 'zalo', '9999');
    const res = await upload(member, file('shopee-vn.csv'), '?apply=true');
    expect(res.body.attributed_to_links).toBe(3);
    const stored = await lines(t, member.member.id);
    expect(stored.get('260810AAA1|5001|7001')!.link).toBe(fbA);
    expect(stored.get('260812DDD4|5004|')!.link).toBe(fbB);
    // Two links share fb-post1 and neither is item 5002: the line keeps its sub id only.
    expect(stored.get('260810AAA1|5002|7002')!.link).toBeNull();
    // One link has the sub id: the line is its own, whatever the item.
    expect(stored.get('260812CCC3|5001|7001')!.link).toBe(zalo);
  });

  it('takes the session route and gzip bodies too', async () => {
    const client = new AccountClient(t);
    const email = `import-${Date.now()}@example.com`;
    await client.register(email);
    const res = await client.agent
      .post('/account/conversions/import')
      .set('X-CSRF-Token', client.csrf!)
      .set('Content-Type', 'text/csv')
      .set('Content-Encoding', 'gzip')
      .send(gzipSync(file('shopee-th.csv')));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: false, marketplace: 'shopee', new: 3 });
  });

  describe('bad files get a clear error, bad rows a reason', () => {
    it('refuses a file that is no report, an empty file, and a header without required columns', async () => {
      const notReport = await upload(alice, 'name,email\nx,y\n');
      expect(notReport.status).toBe(400);
      expect(notReport.body.error.message).toMatch(/Not a Shopee commission report or a Lazada conversion report/);
      const empty = await upload(alice, '');
      expect([400]).toContain(empty.status);
      const missing = await upload(
        alice,
        'Order id,Order Status,Item id,Order Time\nA,Completed,1,2026-08-01 10:00:00\n',
      );
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toMatch(/lacks the column\(s\) net_commission/);
    });

    it('refuses multipart forms and other media types with 415, and unknown apply values with 400', async () => {
      const multipart = await upload(alice, '--x\r\n\r\n--x--', '', 'multipart/form-data; boundary=x');
      expect(multipart.status).toBe(415);
      expect(multipart.body.error.message).toMatch(/not a multipart form/);
      const json = await upload(alice, '{}', '', 'application/json');
      expect(json.status).toBe(415);
      const apply = await upload(alice, file('shopee-th.csv'), '?apply=yes');
      expect(apply.status).toBe(400);
    });

    it('refuses a time or an account it cannot read, in the envelope, writing nothing', async () => {
      const member = await t.createMember();
      for (const [query, message] of [
        ['?apply=true&exported_at=yesterday', /`exported_at` is not a time/],
        ['?apply=true&exported_at=2026-13-45T99:00', /`exported_at` is not a time/],
        ['?apply=true&affiliate_id=a%20b', /`affiliate_id` must be 1 to 64 letters/],
        ['?apply=true&affiliate_id=1&affiliate_id=2', /`affiliate_id` is given once/],
      ] as const) {
        const res = await upload(member, file('shopee-vn.csv'), query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
        expect(res.body.error.message).toMatch(message);
      }
      expect((await lines(t, member.member.id)).size).toBe(0);
      // A stated time without a zone is the report region's (Vietnam, UTC+7).
      const stated = await upload(member, file('shopee-vn.csv'), '?exported_at=2026-08-20T12:00');
      expect(stated.body.report).toEqual({
        made_at: '2026-08-20T05:00:00.000Z',
        made_at_from: 'stated',
        affiliate_id: null,
      });
    });

    it('refuses a file over the size limit with 413, and needs the key and token', async () => {
      const member = await t.createMember();
      const big = Buffer.concat([file('shopee-vn.csv'), Buffer.alloc(70_000, 'x')]);
      const res = await upload(member, big, '?apply=true');
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
      expect((await lines(t, member.member.id)).size).toBe(0);
      const anonymous = await t.send(t.http.post('/api/conversions/import').set('Content-Type', 'text/csv').send('x'));
      expect(anonymous.status).toBe(401);
    });

    it('reads a wrongly encoded (UTF-16) export, and gives binary junk a clear error', async () => {
      const member = await t.createMember();
      const text = file('shopee-th.csv')
        .toString('utf8')
        .replace(/^\uFEFF/, '');
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const res = await upload(member, utf16);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ marketplace: 'shopee', new: 3 });
      const junk = await upload(member, Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10, 0x0a, 0x88, 0x99]));
      expect(junk.status).toBe(400);
    });
  });
});
