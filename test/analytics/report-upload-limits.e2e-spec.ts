import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { OrderImportService } from '@app/analytics';
import { AccountClient } from '../support/account-client';
import { testAppForSuite, TestMember, usingPostgres } from '../support/test-app';
import { describeIf } from '../support/skip';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
const VN = readFileSync(join(FIXTURES, 'shopee-vn.csv'), 'utf8');
const [HEADER, TEMPLATE] = VN.split('\n');

/** A Shopee VN row of the fixture with its order id, order time and item name replaced. */
function row(orderId: string, orderTime = '2026-08-10 10:00:00', itemName = 'Áo thun'): string {
  const cells = TEMPLATE.split(',');
  cells[0] = orderId;
  cells[3] = orderTime;
  cells[10] = itemName;
  return cells.join(',');
}
const report = (...rows: string[]) => [HEADER, ...rows, ''].join('\n');
/** Requests per window of one key (Free plan) in this file's app: every test stays under it but the one about it. */
const RATE_LIMIT = 8;

/** An upload whose body is sent in parts, when the test says: the response once it is all sent. */
function slowUpload(port: number, member: TestMember, query: string) {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/conversions/import${query}`,
    headers: {
      'Content-Type': 'text/csv',
      'Transfer-Encoding': 'chunked',
      'X-API-Key': member.apiKey,
      'X-API-Token': member.apiToken,
    },
  });
  const response = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
  });
  return { send: (text: string) => req.write(text), end: (text: string) => req.end(text), response };
}

describe('Report uploads: received whole before any transaction, checked row by row, within a budget', () => {
  const t = testAppForSuite(
    {
      IMPORT_MAX_BYTES: String(4 * 1_048_576),
      RATE_LIMIT_FREE_PER_KEY: String(RATE_LIMIT),
      RATE_LIMIT_FREE_PER_MEMBER: String(2 * RATE_LIMIT),
    },
    { timeout: 180_000 },
  );
  let port: number;

  beforeAll(async () => {
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }, 180_000);

  /** Resolves when the app's import service is handed an upload (the route has authenticated the caller). */
  function nextImportCall(): Promise<void> {
    const service = t.app.get(OrderImportService);
    const original = service.importFile.bind(service);
    return new Promise((resolve) => {
      const spy = jest.spyOn(service, 'importFile').mockImplementation((...args) => {
        spy.mockRestore();
        resolve();
        return original(...args);
      });
    });
  }

  it('refuses a body that is not the gzip it says with 400, and a compression bomb with 413', async () => {
    const member = await t.createMember();
    const gzipped = (query: string, body: Buffer) =>
      t.send(
        t.http
          .post(`/api/conversions/import${query}`)
          .set('X-API-Key', member.apiKey)
          .set('X-API-Token', member.apiToken)
          .set('Content-Type', 'text/csv')
          .set('Content-Encoding', 'gzip')
          .send(body),
      );
    const notGzip = await gzipped('', Buffer.from(report(row('A1'))));
    expect(notGzip.status).toBe(400);
    expect(notGzip.body.error.code).toBe('invalid_request');
    expect(notGzip.body.error.message).toMatch(/gzip/);

    // 3 MB of one repeated row (under IMPORT_MAX_BYTES) in a few kilobytes.
    const bomb = gzipSync(Buffer.from(HEADER + '\n' + `${row('B1')}\n`.repeat(Math.ceil(3_000_000 / TEMPLATE.length))));
    const refused = await gzipped('?apply=true', bomb);
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toMatch(/decompresses to more than/);
    const stored = await t.dataSource.query(`SELECT count(*)::int AS n FROM order_lines WHERE member_id = $1`, [
      member.member.id,
    ]);
    expect(stored[0].n).toBe(0);
  });

  it("counts the account page's uploads against the member's rate limits, as the API's", async () => {
    const client = new AccountClient(t);
    await client.register(`limits-${Date.now()}@example.com`);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i += 1) {
      const path = i % 2 ? '/account/conversions/import' : '/dashboard/earnings/import';
      const res = await t.send(
        client.agent
          .post(path)
          .set('X-CSRF-Token', client.csrf!)
          .set('Content-Type', 'text/csv')
          .send(report(row('R1'))),
      );
      if (i === 0) expect(res.headers['ratelimit-policy']).toBeDefined();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429]);
  });

  it('gives each row the preview refuses a reason, and the apply imports the others (NUL, year 0, 9999, 30 Feb)', async () => {
    const member = await t.createMember();
    const file = report(
      row('OK1'),
      row('NUL\u0000ID'),
      row('NUL2', undefined, 'name\u0000with NUL'),
      row('Y0', '0000-06-01 10:00:00'),
      row('Y9999', '9999-12-31 23:00:00'),
      row('FEB30', '2026-02-30 10:00:00'),
      row('APR31', '31/04/2026 10:00:00'),
      row('OK2', '2024-02-29 10:00:00'),
    );
    const preview = await t.importReport(member, '', file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rows_read: 8, new: 2, skipped: 6 });
    expect(preview.body.problems.map((p: { row: number; reason: string }) => [p.row, p.reason])).toEqual([
      [3, 'bad_text'],
      [4, 'bad_text'],
      [5, 'bad_time'],
      [6, 'bad_time'],
      [7, 'bad_time'],
      [8, 'bad_time'],
    ]);
    const applied = await t.importReport(member, '?apply=true', file);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, new: 2, skipped: 6 });
    const stored: Array<{ order_id: string; day: string }> = await t.dataSource.query(
      `SELECT order_id, to_char(purchased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
         FROM order_lines WHERE member_id = $1 ORDER BY order_id`,
      [member.member.id],
    );
    expect(stored).toEqual([
      { order_id: 'OK1', day: '2026-08-10' },
      { order_id: 'OK2', day: '2024-02-29' },
    ]);
  });

  it("receives a slow upload before it takes a connection or the member's lock: another import goes through meanwhile", async () => {
    const member = await t.createMember();
    const called = nextImportCall();
    const slow = slowUpload(port, member, '?apply=true');
    slow.send(`${HEADER}\n${row('SLOW1')}\n`);
    await called;
    // The member's second upload, whole, while the first is still being sent.
    const other = await t.importReport(member, '?apply=true', report(row('FAST1')));
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ applied: true, new: 1 });
    if (usingPostgres) {
      const held: Array<{ n: number }> = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      expect(held[0].n).toBe(0);
    }
    slow.end(`${row('SLOW2')}\n`);
    const first = await slow.response;
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applied: true, new: 2 });
  });
});

describeIf(usingPostgres, 'DATABASE_URL (a lock held by another connection)')(
  "A member's import behind another holder of the member's import lock",
  () => {
    const t = testAppForSuite({}, { timeout: 180_000 });

    it('waits its turn past the statement time-out, holding no connection, then succeeds', async () => {
      const member = await t.createMember();
      const holder = t.dataSource.createQueryRunner();
      await holder.connect();
      const [{ statement_timeout: timeout }] = await holder.query(`SHOW statement_timeout`);
      const timeoutMs = /^(\d+)ms$/.test(timeout) ? Number(timeout.slice(0, -2)) : Number(timeout.slice(0, -1)) * 1000;
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`order-import:${member.member.id}`]);
      const upload = t.importReport(member, '?apply=true', report(row('TURN1')));
      // Longer than a statement may wait: the upload must not be waiting inside one.
      await new Promise((resolve) => setTimeout(resolve, timeoutMs + 1000));
      const waiting: Array<{ n: number }> = await holder.query(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(waiting[0].n).toBe(0);
      await holder.commitTransaction();
      await holder.release();
      const res = await upload;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ applied: true, new: 1 });
    }, 60_000);
  },
);
