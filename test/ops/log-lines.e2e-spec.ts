import { TextConverter } from '@app/conversion';
import { QueryFailedError } from 'typeorm';
import { createTestApp, STACK_FRAME, TestApp, TestMember } from '../support/test-app';

interface LogLine {
  level: number;
  msg: string;
  req?: { id: string };
  err?: { type?: string; code?: string; message?: string; stack?: string };
  responseTime?: number;
}

/**
 * One log line per failed request (the access line, carrying what the operator needs), infrastructure
 * failures with their class, code and message and no stack, a stack only for a programming error.
 */
describe('log lines of failed requests', () => {
  let t: TestApp;
  let alice: TestMember;
  let failWith: unknown;

  beforeAll(async () => {
    const failing = { convert: () => Promise.reject(failWith), answer: () => Promise.reject(failWith) };
    t = await createTestApp({}, { captureLogs: true, overrides: [{ provide: TextConverter, useValue: failing }] });
    alice = await t.createMember();
  });
  afterAll(() => t.close());

  /** Sends a convert call that fails with `error`, and returns the answer and the log lines of its request. */
  async function failingCall(error: unknown) {
    failWith = error;
    const res = await t.send(
      t.http
        .post('/api/convert')
        .set({ 'X-API-Key': alice.apiKey, 'X-API-Token': alice.apiToken })
        .send({ content: 'https://shopee.vn/product/1/2', mode: 'link_goc' }),
    );
    const id = res.headers['x-request-id'] as string;
    const lines = t.logs
      .split('\n')
      .filter((line) => line.includes(id))
      .map((line) => JSON.parse(line) as LogLine);
    return { res, lines, text: lines.map((line) => JSON.stringify(line)).join('\n') };
  }

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'a query the database cut short',
      new QueryFailedError('SELECT secret_column FROM members WHERE id = $1', ['SECRET-PARAM'], {
        message: 'terminating connection due to administrator command',
        code: '57P01',
      } as unknown as Error),
    ],
  ])('database unreachable (%s): one line, class, code and message, no stack', async (_name, error) => {
    const { res, lines, text } = await failingCall(error);
    expect(res.status).toBe(503);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.responseTime).toBeDefined();
    expect(line.msg).toBe('Request failed: unavailable');
    expect(line.err).toEqual({
      type: (error as Error).constructor.name,
      code: error instanceof QueryFailedError ? '57P01' : 'ECONNREFUSED',
      message: (error as Error).message,
    });
    expect(text).not.toMatch(STACK_FRAME);
    expect(text).not.toContain('"stack"');
    expect(text).not.toContain('SECRET-PARAM');
  });

  it('a programming error: one line, with its stack', async () => {
    const { res, lines } = await failingCall(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toBe('Request failed: internal_error');
    expect(lines[0].err?.type).toBe('TypeError');
    expect(lines[0].err?.stack).toMatch(STACK_FRAME);
  });

  it('secrets in the query string, by name or by shape: refused with 400, and no log line holds them', async () => {
    const token = `tok_${'LogMarkerTok1'.repeat(4)}`;
    const key = `sk_${'LogMarkerKey2'.repeat(3)}`;
    const queries: Array<[string, string]> = [
      ...['pwd', 'pass', 'passwd', 'password', 'Pass_Phrase', 'credentials', 'secret', 'api_key'].map(
        (name, i): [string, string] => [`${name}=hunter2marker${i}`, `hunter2marker${i}`],
      ),
      [`t=${token}`, token],
      [`q=Bearer%20${key}`, key],
      [`${token}`, token],
    ];
    for (const [query, marker] of queries) {
      const convert = await t.send(
        t.http
          .post(`/api/convert?${query}`)
          .set({ 'X-API-Key': alice.apiKey, 'X-API-Token': alice.apiToken })
          .send({ content: 'x', mode: 'link_goc' }),
      );
      expect(convert.status).toBe(400);
      expect(convert.body.error.code).toBe('invalid_request');
      expect(JSON.stringify(convert.body)).not.toContain(marker);
      expect((await t.send(t.http.get(`/health?${query}`))).status).toBe(400);
      // A static file has no query to refuse, but its access line is masked the same way.
      expect((await t.send(t.http.get(`/assets/app.css?${query}`))).status).toBe(200);
    }
    for (const [, marker] of queries) expect(t.logs).not.toContain(marker);
    expect(t.logs).toContain('[Redacted]');
  });

  it('a client error: one line, no error object', async () => {
    const res = await t.send(
      t.http.post('/api/convert').set({ 'X-API-Key': alice.apiKey, 'X-API-Token': 'tok_wrong' }).send({}),
    );
    expect(res.status).toBe(401);
    const lines = t.logs.split('\n').filter((line) => line.includes(res.headers['x-request-id'] as string));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ res: { statusCode: 401 } });
    expect(lines[0]).not.toContain('"err"');
  });
});
