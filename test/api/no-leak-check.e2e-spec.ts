import { assertSafeBody } from '../support/test-app';

/** The shared no-leak check every e2e response goes through must itself catch what it claims to. */
describe('assertSafeBody (the shared no-leak check)', () => {
  class Widget {
    readonly trace = new Error('made in a constructor').stack!;
  }

  it.each([
    ['a plain frame', 'Error: x\n    at handle (/srv/app/dist/main.js:10:5)'],
    ['a constructor frame', 'at new Foo (/x.ts:1:2)'],
    ['an async frame', 'at async Foo (/srv/app/x.js:3:4)'],
    ['an anonymous frame', 'at /x.js:1:2'],
    ['a file URL frame', 'at file:///srv/app/x.mjs:7:9'],
    ['a Windows frame', 'at Foo.bar (C:\\srv\\app\\x.js:1:2)'],
    ['a node internal frame', 'at node:internal/process/task_queues:95:5'],
    ['a Promise.all frame', 'at async Promise.all (index 0)'],
    ['an <anonymous> frame', 'at Object.<anonymous> (<anonymous>)'],
    ['a serialized stack field', '{"ok":false,"stack":"Error: boom"}'],
    ['a stack inside JSON', JSON.stringify({ message: 'x', trace: 'Error: x\n    at run (/app/x.js:1:2)' })],
  ])('catches %s', (_what, text) => {
    expect(() => assertSafeBody(200, text)).toThrow(/leaks/);
  });

  it('catches a real stack made in a constructor', () => {
    const trace = new Widget().trace;
    expect(trace).toMatch(/at new Widget/);
    expect(() => assertSafeBody(500, trace.split('\n')[1])).toThrow(/leaks a stack trace/);
  });

  it('catches a token and SQL, and an error body out of the envelope or with the wrong request id', () => {
    expect(() => assertSafeBody(200, '{"api_token":"tok_abcdefgh12345678"}')).toThrow(/an API token/);
    expect(() => assertSafeBody(500, 'SELECT secret FROM members')).toThrow(/SQL/);
    const envelope = JSON.stringify({
      ok: false,
      error: { code: 'not_found', message: 'No such route' },
      request_id: 'r1',
    });
    expect(() => assertSafeBody(404, envelope, { contentType: 'application/json', requestId: 'r1' })).not.toThrow();
    expect(() => assertSafeBody(404, envelope, { contentType: 'application/json', requestId: 'r2' })).toThrow(
      /request_id/,
    );
    expect(() => assertSafeBody(500, '{"error":"boom"}', { contentType: 'application/json' })).toThrow(/envelope/);
    expect(() => assertSafeBody(500, 'Internal Server Error', { contentType: 'application/json' })).toThrow(/not JSON/);
  });

  it.each([
    'Deal at 10:30:00 today (see https://shopee.vn/product/1/2) at https://example.com:8443/a',
    'Look at the docs (tok_... and sk_... are placeholders)',
    '{"ok":true,"output":"meet at home (native speakers welcome)","stacked":1}',
  ])('lets ordinary text through: %s', (text) => {
    expect(() => assertSafeBody(200, text)).not.toThrow();
  });
});
