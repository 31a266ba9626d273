import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test as SuperTest } from 'supertest';
import { AddressPolicy } from '@app/conversion';
import { Idempotency } from '@app/idempotency';
import { testAppForSuite, TestMember } from '../support/test-app';

const REPORT = readFileSync(join(__dirname, '..', 'fixtures', 'reports', 'shopee-vn.csv'));
const PRODUCT = 'https://shopee.vn/product/55501/66602';
const AFFILIATE_ID = '17345510000';

describe('Idempotency-Key on the creating routes', () => {
  // Endpoints on 127.0.0.1 are allowed here only (the resolver's address policy, as in the webhooks tests).
  const t = testAppForSuite(
    {},
    { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }], timeout: 180_000 },
  );
  let alice: TestMember;

  beforeAll(async () => {
    alice = await t.createMember();
  }, 180_000);

  const withKey = (req: SuperTest, key?: string) => {
    const withPair = req.set('X-API-Key', alice.apiKey).set('X-API-Token', alice.apiToken);
    return t.send(key ? withPair.set('Idempotency-Key', key) : withPair);
  };
  const upload = (key: string, body: Buffer | string = REPORT) =>
    withKey(t.http.post('/api/conversions/import?apply=true').set('Content-Type', 'text/csv').send(body), key);
  const lines = async () =>
    Number(
      (
        await t.dataSource.query(`SELECT count(*)::int AS n FROM order_lines WHERE member_id = $1`, [alice.member.id])
      )[0].n,
    );

  it('a repeated upload with the same key imports nothing twice and replays the first answer', async () => {
    const first = await upload('upload-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applied: true, new: 6 });
    const again = await upload('upload-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await lines()).toBe(6);
    const reports = await t.dataSource.query(`SELECT count(*)::int AS n FROM order_reports WHERE member_id = $1`, [
      alice.member.id,
    ]);
    expect(reports[0].n).toBe(1);
    // Another file under the same key is refused.
    const other = await upload('upload-1', REPORT.subarray(0, REPORT.length - 40));
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('an upload is keyed by its content: another file of the same name and size under the same key is 422', async () => {
    const named = (key: string, body: Buffer) =>
      withKey(
        t.http
          .post('/api/conversions/import?file_name=AffiliateCommissionReport202608201200.csv')
          .set('Content-Type', 'text/csv')
          .send(body),
        key,
      );
    // The same bytes but one: a digit of the last line changed (the same name, the same size).
    const edited = Buffer.from(REPORT);
    const at = edited.lastIndexOf('0'.charCodeAt(0));
    edited[at] = '1'.charCodeAt(0);
    expect(edited.length).toBe(REPORT.length);
    expect(edited.equals(REPORT)).toBe(false);
    const first = await named('preview-1', REPORT);
    expect(first.status).toBe(200);
    const same = await named('preview-1', Buffer.from(REPORT));
    expect(same.status).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
    const other = await named('preview-1', edited);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    // No key: the edited file is read as any upload (the preview of it, not a replay).
    const plain = await withKey(t.http.post('/api/conversions/import').set('Content-Type', 'text/csv').send(edited));
    expect(plain.status).toBe(200);
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
  });

  it('convert in a short-link mode: the same key and body replay the same links; another body is 422', async () => {
    const body = { content: `x ${PRODUCT}`, mode: 'own_shortener', affiliate_id: AFFILIATE_ID };
    const first = await withKey(t.http.post('/api/convert').send(body), 'convert-1');
    expect(first.status).toBe(200);
    const again = await withKey(t.http.post('/api/convert').send(body), 'convert-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await withKey(t.http.post('/api/convert').send({ ...body, content: 'y' }), 'convert-1');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    // Without the header nothing is kept.
    const plain = await withKey(t.http.post('/api/convert').send(body));
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
  });

  it('two at once: one runs, the other gets 409 conflict or the replay; a key expires after 24 hours', async () => {
    const made = (key: string) =>
      withKey(
        t.http.post('/api/webhooks/endpoints').send({ url: 'http://127.0.0.1:9/hook', events: ['order.created'] }),
        key,
      );
    // One runs; the other gets 409 while it runs, or its answer replayed after: one endpoint either way.
    const [a, b] = await Promise.all([made('hook-1'), made('hook-1')]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([201]));
    for (const res of [a, b]) expect([201, 409]).toContain(res.status);
    const endpoints = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_endpoints WHERE member_id = $1`,
      [alice.member.id],
    );
    expect(endpoints[0].n).toBe(1);
    const later = await made('hook-1');
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');

    t.clock.advance(24 * 3_600_000 + 1);
    const fresh = await withKey(t.http.post('/api/convert').send({ content: 'z', mode: 'link_goc' }), 'convert-1');
    expect(fresh.status).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps a day of keys at most: the prune deletes the older ones', async () => {
    const count = async () =>
      Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys`))[0].n);
    expect(await count()).toBeGreaterThan(1);
    await t.app.get(Idempotency).prune();
    // Only the key made after the clock moved a day on is left.
    expect(await count()).toBe(1);
  });
});
