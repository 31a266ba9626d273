import { ConvertFastPath } from '../apps/api/src/convert/convert-fast-path';
import { createTestApp, TestApp, TestMember } from './support/test-app';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc';
const BODY = { mode: 'affiliate', affiliate_id: '17345510000', sub_ids: ['fb'], content: `Deal ${PRODUCT} nhé!` };

/** Headers whose value changes from one answer to the next by design. */
const VARYING = new Set(['x-request-id', 'date', 'ratelimit']);

function stableHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));
}

/**
 * `POST /api/convert` is answered in front of Express for the usual call (ConvertFastPath). A query string
 * (one that is not a credential) sends the same call through Express and the Nest route: both must answer
 * alike, header for header, for successes and for every kind of error.
 */
describe('POST /api/convert: the fast path answers as the Nest route does', () => {
  let t: TestApp;
  let alice: TestMember;
  let accepted: boolean[];

  beforeAll(async () => {
    t = await createTestApp({}, { captureLogs: true });
    alice = await t.createMember({ plan: 'pro' });
    const accepts = ConvertFastPath.prototype.accepts;
    accepted = [];
    jest.spyOn(ConvertFastPath.prototype, 'accepts').mockImplementation(function (this: ConvertFastPath, req) {
      const result = accepts.call(this, req);
      accepted.push(result);
      return result;
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  /** The same raw request on the fast path (`/api/convert`) and on the Express path (`/api/convert?via=express`). */
  async function both(raw: string, headers: Record<string, string> = {}) {
    const send = (path: string) => {
      let pending = t.http.post(path).set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(headers)) pending = pending.set(name, value);
      return t.send(pending.send(raw));
    };
    accepted.length = 0;
    const fast = await send('/api/convert');
    const express = await send('/api/convert?via=express');
    expect(accepted).toEqual([true, false]);
    return { fast, express };
  }

  const credentials = () => ({ 'X-API-Key': alice.apiKey, 'X-API-Token': alice.apiToken });

  it.each([
    ['a conversion', JSON.stringify(BODY), 200, undefined],
    ['invalid JSON', '{"content": ', 400, 'invalid_json'],
    ['a body nested too deep', `${'['.repeat(1400)}${']'.repeat(1400)}`, 400, 'invalid_json'],
    ['an unknown field', JSON.stringify({ ...BODY, extra: 1 }), 400, 'invalid_request'],
    ['an unknown mode', JSON.stringify({ ...BODY, mode: 'AFFILIATE' }), 400, 'invalid_mode'],
    ['a body that is not an object', '"text"', 400, 'invalid_request'],
  ])('%s', async (_name, raw, status, code) => {
    const { fast, express } = await both(raw, credentials());
    expect(fast.status).toBe(status);
    expect(express.status).toBe(status);
    if (code) expect(fast.body.error.code).toBe(code);
    const { request_id: fastId, ...fastBody } = fast.body;
    const { request_id: expressId, ...expressBody } = express.body;
    expect(fastBody).toEqual(expressBody);
    if (code) expect([fastId, expressId]).toEqual([fast.headers['x-request-id'], express.headers['x-request-id']]);
    expect(stableHeaders(fast.headers)).toEqual(stableHeaders(express.headers));
  });

  it('wrong and missing credentials', async () => {
    const cases: Array<Record<string, string>> = [
      { 'X-API-Key': alice.apiKey, 'X-API-Token': 'tok_wrong' },
      { 'X-API-Key': alice.apiKey },
    ];
    for (const headers of cases) {
      const { fast, express } = await both(JSON.stringify(BODY), headers);
      expect(fast.status).toBe(401);
      expect(fast.body.error).toEqual(express.body.error);
      expect(stableHeaders(fast.headers)).toEqual(stableHeaders(express.headers));
    }
  });

  it('sends the rate-limit headers and the security headers of the Express path', async () => {
    const { fast } = await both(JSON.stringify(BODY), credentials());
    expect(fast.headers['ratelimit-policy']).toContain('per_key');
    expect(fast.headers.ratelimit).toContain('per_member');
    expect(fast.headers['x-content-type-options']).toBe('nosniff');
    expect(fast.headers['content-security-policy']).toBeDefined();
    expect(fast.headers['cache-control']).toBe('no-store');
  });

  it('keeps a well-formed incoming X-Request-Id, as the Express path does', async () => {
    const res = await t.send(
      t.http
        .post('/api/convert')
        .set({ ...credentials(), 'X-Request-Id': 'partner-req-12345678' })
        .send(BODY),
    );
    expect(res.headers['x-request-id']).toBe('partner-req-12345678');
  });

  it('leaves the unusual calls to Express: body credentials, other charsets, compressed or chunked bodies', async () => {
    accepted.length = 0;
    const bodyCredentials = await t.send(
      t.http.post('/api/convert').send({ ...BODY, api_key: alice.apiKey, api_token: alice.apiToken }),
    );
    expect(bodyCredentials.status).toBe(200);
    expect(bodyCredentials.headers.deprecation).toBeDefined();
    const latin1 = await t.send(
      t.http
        .post('/api/convert')
        .set(credentials())
        .set('Content-Type', 'application/json; charset=latin1')
        .send(JSON.stringify(BODY)),
    );
    expect(latin1.status).toBe(415);
    expect(accepted).toEqual([false, false]);
  });

  it('writes one access line per answer on both paths, without a secret', async () => {
    const before = t.logs.length;
    const { fast } = await both(JSON.stringify(BODY), credentials());
    const refused = await t.send(t.http.post('/api/convert').set('Content-Type', 'text/plain').send('hello'));
    expect(refused.status).toBe(415);
    const lines = t.logs
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('"responseTime"'))
      .map((line) => JSON.parse(line) as { req: { id: string; url: string }; res: { statusCode: number } });
    expect(lines.map((line) => [line.req.url, line.res.statusCode])).toEqual([
      ['/api/convert', 200],
      ['/api/convert?via=express', 200],
      ['/api/convert', 415],
    ]);
    expect(lines[0].req.id).toBe(fast.headers['x-request-id']);
    expect(t.logs).not.toContain(alice.apiToken);
    expect(t.logs).not.toContain(alice.apiKey);
  });
});
