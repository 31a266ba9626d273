import { Logger } from '@nestjs/common';
import { ShutdownState } from '@app/common';
import { itReturnsEach, loadNamespace } from '@app/common/testing';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shortLinksConfig } from '../../shortlinks.config';
import type { ClickCounter } from '../click-counter';
import type { RedirectLookup } from '../redirect-lookup';
import { hostnameOf, RedirectHandler } from './redirect.handler';

describe('hostnameOf', () => {
  itReturnsEach(hostnameOf, [
    ['sl.example.com', 'sl.example.com'],
    ['SL.Example.COM:8443', 'sl.example.com'],
    ['go.example.com.', 'go.example.com'],
    ['[::1]:3000', '[::1]'],
    ['127.0.0.1:80', '127.0.0.1'],
    [undefined, ''],
  ]);
});

describe('RedirectHandler with a stored target that is no valid header value', () => {
  const config = loadNamespace(shortLinksConfig, { SHORT_LINK_BASE_URL: 'https://sl.unit.test' });
  const targets: Record<string, string> = {
    Newline1: 'https://shopee.vn/product/1/2?token=secret-in-query\r\nSet-Cookie: session=stolen',
    Vietnam1: 'https://shopee.vn/áo-thun-sản-phẩm?affiliate=secret-in-query',
    Fine1234: 'https://shopee.vn/product/1/3',
  };
  // The lookup and the counter are not what is tested: a stored link is all the handler needs from them.
  const lookup = {
    peek: (_scope: unknown, code: string) => (targets[code] ? { id: code, target: targets[code] } : null),
  } as unknown as RedirectLookup;
  const recorded: string[] = [];
  const clicks = { record: (id: string) => recorded.push(id) } as unknown as ClickCounter;
  const handler = new RedirectHandler(lookup, clicks, new ShutdownState(), config, { mounted: false });
  const server = createServer((req, res) => handler.handle(req, res, () => undefined));
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => server.close(done)));
  afterEach(() => jest.restoreAllMocks());

  // node:http, not fetch: fetch does not send a Host header of ours.
  const visit = (code: string) =>
    new Promise<{ status: number; location?: string; setCookie?: string[]; body: string }>((resolve, reject) => {
      get(`${base}/${code}`, { headers: { Host: 'sl.unit.test' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            setCookie: res.headers['set-cookie'],
            body,
          }),
        );
      }).on('error', reject);
    });

  it.each(['Newline1', 'Vietnam1'])('%s: the 404 page, no crash, a log line without the query string', async (code) => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const res = await visit(code);
    expect(res).toMatchObject({ status: 404, location: undefined, setCookie: undefined });
    expect(res.body).toContain('This link does not exist');
    expect(error).toHaveBeenCalledTimes(1);
    const [fields] = error.mock.calls[0] as [{ link_id: string; target: string }];
    expect(fields).toMatchObject({ link_id: code, target: targets[code].split('?')[0] });
    expect(JSON.stringify(error.mock.calls)).not.toContain('secret-in-query');
    expect(recorded).not.toContain(code);
    // The process still serves.
    expect(await visit('Fine1234')).toMatchObject({ status: 302, location: targets.Fine1234 });
  });
});
