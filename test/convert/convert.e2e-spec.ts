import { httpConfig } from '@app/http';
import { conversionConfig, TextConverter } from '@app/conversion';
import { BODY_CREDENTIALS_DEPRECATION } from '@app/credentials/testing';
import zlib, { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createTestApp, TestApp, testAppForSuite, TestMember } from '../support/test-app';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc&xptdk=def&utm_source=an_999';
const PRODUCT_CANONICAL = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321';
const AFFILIATE_ID = '17345510000';

function anRedir(originLink: string, affiliateId = AFFILIATE_ID, subIds?: string): string {
  const sub = subIds ? `&sub_id=${subIds}` : '';
  return `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(originLink)}&affiliate_id=${affiliateId}${sub}`;
}

describe('POST /api/convert', () => {
  const t = testAppForSuite();
  let alice: TestMember;

  beforeAll(async () => {
    alice = await t.createMember();
  });

  const convert = (body: Record<string, unknown>, member: TestMember = alice) => t.convert(member, body);

  describe('conversion', () => {
    it('converts a Shopee product link into an affiliate link and keeps the text around it', async () => {
      const content = `Deal hot 🔥 ${PRODUCT} giảm 50%!`;
      const res = await convert({ content, mode: 'affiliate', affiliate_id: AFFILIATE_ID, sub_ids: ['fb', 'post1'] });
      expect(res.status).toBe(200);
      const expected = anRedir(PRODUCT_CANONICAL, AFFILIATE_ID, 'fb-post1');
      expect(res.body).toEqual({
        ok: true,
        message: 'Converted 1/1 link',
        mode: 'Affiliate link',
        output: `Deal hot 🔥 ${expected} giảm 50%!`,
        summary: { total: 1, success: 1, failed: 0 },
        items: [
          {
            index: 0,
            input: PRODUCT,
            start: content.indexOf(PRODUCT),
            end: content.indexOf(PRODUCT) + PRODUCT.length,
            marketplace: 'shopee',
            output: expected,
            ok: true,
          },
        ],
      });
    });

    it('converts a real-world post: several shapes, other sites untouched, glued punctuation, the same link twice', async () => {
      const slug = 'https://shopee.vn/Tai-nghe-Bluetooth-(Chinh-Hang)-i.88001122.2233445566';
      const opaanlp = 'https://shopee.vn/opaanlp/88001122/2233445567?__mobile__=1&uls_trackid=xyz&mmp_pid=an_111';
      const product = 'https://shopee.co.th/product/555/666';
      const foreign = `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shopee.vn/product/777/888')}&affiliate_id=999999&sub_id=other`;
      const video = 'https://sv.shopee.vn/share-video/abcdef';
      const other = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
      const content = [
        '🔥 SALE 11.11 🔥',
        `1) Tai nghe (${slug})`,
        `2) Giày:${opaanlp}…`,
        `3) Thái: ${product}!`,
        `4) Lại tai nghe: ${slug}, nhanh tay!`,
        `5) Của bạn: ${foreign}`,
        `6) Video ${video}`,
        `Xem review: ${other}`,
      ].join('\n');

      const res = await convert({ content, mode: 'affiliate', affiliate_id: AFFILIATE_ID });
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.summary).toEqual({ total: 6, success: 5, failed: 1 });
      expect(body.items).toHaveLength(body.summary.total);
      expect(body.summary.success + body.summary.failed).toBe(body.summary.total);
      expect(body.message).toBe('Converted 5/6 links, 1 not converted');
      expect(body.items.map((item: { input: string }) => item.input)).toEqual([
        slug,
        opaanlp,
        product,
        slug,
        foreign,
        video,
      ]);
      expect(body.items[0].output).toBe(anRedir(slug));
      expect(body.items[1].output).toBe(anRedir('https://shopee.vn/product/88001122/2233445567'));
      expect(body.items[2].output).toBe(
        `https://s.shopee.co.th/an_redir?origin_link=${encodeURIComponent('https://shopee.co.th/product/555/666')}&affiliate_id=${AFFILIATE_ID}`,
      );
      expect(body.items[3].output).toBe(body.items[0].output);
      expect(body.items[4].output).toBe(anRedir('https://shopee.vn/product/777/888'));
      expect(body.items[5]).toMatchObject({ ok: false, output: null, error: { code: 'not_a_product' } });

      // Every item's span is where its input stands; outside the spans the text is unchanged.
      let rebuilt = '';
      let cursor = 0;
      for (const item of body.items) {
        expect(content.slice(item.start, item.end)).toBe(item.input);
        rebuilt += content.slice(cursor, item.start) + (item.ok ? item.output : item.input);
        cursor = item.end;
      }
      rebuilt += content.slice(cursor);
      expect(body.output).toBe(rebuilt);
      expect(body.output).toContain(`Xem review: ${other}`);
      expect(body.output).toContain(`6) Video ${video}`);
      expect(body.output).toContain('…\n3) Thái: ');
    });

    it('gives link_goc: the clean link, tracking removed, voucher signature kept', async () => {
      const withVoucher = 'https://shopee.vn/product/123/456?gads_t_sig=SIG123&utm_medium=affiliates&uls_trackid=t1';
      const res = await convert({ content: `Link: ${withVoucher} và ${PRODUCT}`, mode: 'link_goc' });
      expect(res.status).toBe(200);
      expect(res.body.mode).toBe('Original link');
      expect(res.body.items.map((item: { output: string }) => item.output)).toEqual([
        'https://shopee.vn/product/123/456?gads_t_sig=SIG123',
        PRODUCT_CANONICAL,
      ]);
      expect(res.body.output).toBe(`Link: https://shopee.vn/product/123/456?gads_t_sig=SIG123 và ${PRODUCT_CANONICAL}`);
    });

    it('answers ok with total 0 and the content unchanged when there is no marketplace link', async () => {
      const content = 'Không có link nào ở đây, chỉ có https://example.com/a?b=c và chữ.';
      const res = await convert({ content, mode: 'affiliate', affiliate_id: AFFILIATE_ID });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ok: true,
        output: content,
        summary: { total: 0, success: 0, failed: 0 },
        items: [],
      });
    });

    it('converts short links through their resolution, and fails per item the ones that cannot be resolved', async () => {
      // Resolutions already in the cache (test/convert/resolve-short-links.e2e-spec.ts fetches them from fake servers).
      const future = new Date(t.clock.now().getTime() + 3600_000);
      await t.dataSource.query(
        `INSERT INTO resolved_links (short_url, resolved_url, failure, resolved_at, expires_at)
         VALUES ($1, $2, NULL, $4, $5), ($3, NULL, 'http_status', $4, $5)`,
        [
          'https://s.shopee.vn/AbCdEf123',
          'https://shopee.vn/opaanlp/123/456?__mobile__=1&uls_trackid=x&mmp_pid=an_999',
          'https://s.shopee.vn/Expired99',
          t.clock.now(),
          future,
        ],
      );
      const res = await convert({
        content: 'xem https://s.shopee.vn/AbCdEf123 nhé, và s.shopee.vn/Expired99',
        mode: 'affiliate',
        affiliate_id: AFFILIATE_ID,
      });
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ total: 2, success: 1, failed: 1 });
      expect(res.body.items[0]).toMatchObject({ ok: true, output: anRedir('https://shopee.vn/product/123/456') });
      expect(res.body.items[1]).toMatchObject({ ok: false, output: null, error: { code: 'resolution_failed' } });
    });

    it('uses the affiliate id saved on the member when the request has none', async () => {
      const bob = await t.createMember({ defaultAffiliateId: '5550001' });
      const res = await convert({ content: PRODUCT, mode: 'affiliate' }, bob);
      expect(res.status).toBe(200);
      expect(res.body.output).toBe(anRedir(PRODUCT_CANONICAL, '5550001'));
    });

    it('requires an affiliate id for affiliate mode when none is saved', async () => {
      const res = await convert({ content: PRODUCT, mode: 'affiliate' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'affiliate_id' });
    });
  });

  describe('credentials', () => {
    const body = { content: PRODUCT, mode: 'link_goc' };

    it('accepts the headers', async () => {
      const res = await convert(body);
      expect(res.status).toBe(200);
      expect(res.headers.deprecation).toBeUndefined();
    });

    it('accepts body credentials when no header is sent, and marks the response deprecated', async () => {
      const res = await t.send(
        t.http.post('/api/convert').send({ ...body, api_key: alice.apiKey, api_token: alice.apiToken }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.deprecation).toBe(BODY_CREDENTIALS_DEPRECATION);
      expect(JSON.stringify(res.body)).not.toContain(alice.apiKey);
    });

    it('lets headers win over body credentials', async () => {
      const bob = await t.createMember();
      const withWrongBody = await t.convert(alice, {
        ...body,
        api_key: bob.apiKey,
        api_token: 'tok_' + 'x'.repeat(40),
      });
      expect(withWrongBody.status).toBe(200);
      expect(withWrongBody.headers.deprecation).toBeUndefined();

      const withWrongHeader = await t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', alice.apiKey)
          .set('X-API-Token', 'tok_' + 'y'.repeat(40))
          .send({ ...body, api_key: alice.apiKey, api_token: alice.apiToken }),
      );
      expect(withWrongHeader.status).toBe(401);
      expect(withWrongHeader.body.error.code).toBe('invalid_credentials');
    });

    it('refuses credentials in the query string, even when they are right', async () => {
      const res = await t.send(
        t.http.post(`/api/convert?api_key=${alice.apiKey}&api_token=${alice.apiToken}`).send(body),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    });

    it('answers 401 missing_credentials with no credentials, or only half of them', async () => {
      const none = await t.send(t.http.post('/api/convert').send(body));
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('missing_credentials');
      const keyOnly = await t.send(t.http.post('/api/convert').set('X-API-Key', alice.apiKey).send(body));
      expect(keyOnly.status).toBe(401);
      expect(keyOnly.body.error.code).toBe('missing_credentials');
    });

    it('gives the same 401 body whether the key or the token is wrong', async () => {
      const wrongKey = await t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', 'sk_' + 'A'.repeat(32))
          .set('X-API-Token', alice.apiToken)
          .send(body),
      );
      const wrongToken = await t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', alice.apiKey)
          .set('X-API-Token', 'tok_' + 'B'.repeat(40))
          .send(body),
      );
      const malformed = await t.send(
        t.http.post('/api/convert').set('X-API-Key', 'nope').set('X-API-Token', 'nope').send(body),
      );
      for (const res of [wrongKey, wrongToken, malformed]) {
        expect(res.status).toBe(401);
        expect(res.body.error).toEqual({ code: 'invalid_credentials', message: 'The API key or token is not valid' });
      }
    });

    it('stops accepting a pair once it is regenerated with no grace period, with the wrong-token body', async () => {
      const carol = await t.createMember();
      expect((await convert(body, carol)).status).toBe(200);
      const wrongToken = await convert(body, { ...carol, apiToken: 'tok_' + 'C'.repeat(40) });
      const { CredentialsService } = await import('@app/credentials');
      const fresh = await t.app.get(CredentialsService).issue(carol.member.id, 0);
      const revoked = await convert(body, carol);
      expect(revoked.status).toBe(401);
      expect(wrongToken.status).toBe(401);
      // Nothing tells a revoked pair from a wrong one: same code, same message, same shape, only the id differs.
      expect(revoked.body.error).toEqual({ code: 'invalid_credentials', message: 'The API key or token is not valid' });
      expect(revoked.body).toEqual({ ...wrongToken.body, request_id: revoked.headers['x-request-id'] });
      expect(revoked.body.request_id).not.toBe(wrongToken.body.request_id);
      expect((await convert(body, { ...carol, apiKey: fresh.apiKey, apiToken: fresh.apiToken })).status).toBe(200);
    });
  });

  describe('request errors', () => {
    const authed = () => t.http.post('/api/convert').set('X-API-Key', alice.apiKey).set('X-API-Token', alice.apiToken);

    it('400 invalid_json for malformed JSON', async () => {
      const res = await t.send(authed().set('Content-Type', 'application/json').send('{"content": "x", "mode": '));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    });

    it('400 invalid_json, not 500, for a small body of 1,400 nested arrays', async () => {
      const deep = `{"content":"x","mode":"affiliate","sub_ids":${'['.repeat(1400)}${']'.repeat(1400)}}`;
      expect(deep.length).toBeLessThan(3100);
      const res = await t.send(authed().set('Content-Type', 'application/json').send(deep));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    });

    it('400 invalid_mode listing the allowed values', async () => {
      const res = await t.send(authed().send({ content: 'x', mode: 'Affiliate' }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_mode');
      expect(res.body.error.message).toContain('affiliate, own_shortener');
      expect(res.body.error.message).toContain('ext_shortener_5');
    });

    it.each([
      [{ mode: 'affiliate' }, 'content'],
      [{ content: '', mode: 'affiliate' }, 'content'],
      [{ content: 42, mode: 'affiliate' }, 'content'],
      [{ content: 'x' }, 'mode'],
      [{ content: 'x', mode: 'affiliate', affiliate_id: 'has space' }, 'affiliate_id'],
      [{ content: 'x', mode: 'affiliate', sub_ids: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'sub_ids'],
      [{ content: 'x', mode: 'affiliate', sub_ids: ['with-dash'] }, 'sub_ids'],
      [{ content: 'x', mode: 'affiliate', sub_ids: ['x'.repeat(51)] }, 'sub_ids'],
      [{ content: 'x', mode: 'affiliate', sub_ids: 'abc' }, 'sub_ids'],
      [{ content: 'x', mode: 'affiliate', surprise: true }, 'surprise'],
    ])('400 invalid_request for %j, naming the field', async (body, field) => {
      const res = await t.send(authed().send(body));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.field).toBe(field);
    });

    it('400 for a JSON body that is not an object', async () => {
      const res = await t.send(authed().set('Content-Type', 'application/json').send('[1,2,3]'));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    });

    it('accepts an empty sub_ids array', async () => {
      const res = await t.send(
        authed().send({ content: PRODUCT, mode: 'affiliate', affiliate_id: AFFILIATE_ID, sub_ids: [] }),
      );
      expect(res.status).toBe(200);
      expect(res.body.output).toBe(anRedir(PRODUCT_CANONICAL));
    });

    it('400 for content over CONVERT_MAX_CONTENT_CHARS', async () => {
      const res = await t.send(
        authed().send({
          content: 'a'.repeat(t.config.get(conversionConfig).CONVERT_MAX_CONTENT_CHARS + 1),
          mode: 'link_goc',
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'content' });
    });

    it('413 payload_too_large for a body over the byte limit', async () => {
      const res = await t.send(
        authed().send({ content: 'a'.repeat(t.config.get(httpConfig).BODY_LIMIT_BYTES), mode: 'link_goc' }),
      );
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });

    /** A request body sent as is, with its Content-Encoding (supertest would otherwise JSON-encode a Buffer). */
    const encoded = (encoding: string, bytes: Buffer) =>
      authed()
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .serialize((raw: Buffer) => raw as unknown as string)
        .send(bytes as unknown as object);

    it.each([
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ])('accepts a %s-compressed body', async (encoding, compress) => {
      const body = { content: `Deal ${PRODUCT} !`, mode: 'affiliate', affiliate_id: AFFILIATE_ID };
      const res = await t.send(encoded(encoding, compress(Buffer.from(JSON.stringify(body)))));
      expect(res.status).toBe(200);
      expect(res.body.output).toBe(`Deal ${anRedir(PRODUCT_CANONICAL)} !`);
    });

    it('413 payload_too_large for a small gzipped body that expands past the limit', async () => {
      const json = JSON.stringify({
        content: 'a'.repeat(t.config.get(httpConfig).BODY_LIMIT_BYTES),
        mode: 'link_goc',
      });
      const small = gzipSync(json);
      expect(small.length).toBeLessThan(t.config.get(httpConfig).BODY_LIMIT_BYTES / 100);
      const res = await t.send(encoded('gzip', small));
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });

    it('stops decompressing a gzip bomb at the limit', async () => {
      // 64 gzip members of 8 MiB each: 512 MiB once decompressed, about half a megabyte on the wire.
      const member = gzipSync(Buffer.alloc(8 * 1024 * 1024, 'a'));
      const bomb = Buffer.concat([gzipSync('{"mode":"link_goc","content":"'), ...Array(64).fill(member)]);
      let inflated = 0;
      let gunzips = 0;
      // body-parser calls zlib.createGunzip(): count what comes out of the stream it gets.
      const original = Object.getOwnPropertyDescriptor(zlib, 'createGunzip')!;
      const createGunzip = original.value as typeof zlib.createGunzip;
      Object.defineProperty(zlib, 'createGunzip', {
        ...original,
        value: (options?: zlib.ZlibOptions) => {
          gunzips += 1;
          const gunzip = createGunzip(options);
          gunzip.on('data', (chunk: Buffer) => (inflated += chunk.length));
          return gunzip;
        },
      });
      try {
        const res = await t.send(encoded('gzip', bomb));
        expect(res.status).toBe(413);
        expect(res.body.error.code).toBe('payload_too_large');
      } finally {
        Object.defineProperty(zlib, 'createGunzip', original);
      }
      expect(gunzips).toBe(1);
      expect(inflated).toBeGreaterThan(t.config.get(httpConfig).BODY_LIMIT_BYTES);
      expect(inflated).toBeLessThan(2 * t.config.get(httpConfig).BODY_LIMIT_BYTES);
    });

    it('400 invalid_request, not 500, for a body that does not decompress', async () => {
      const valid = gzipSync(JSON.stringify({ content: PRODUCT, mode: 'link_goc' }));
      for (const [encoding, bytes] of [
        ['gzip', Buffer.from('{"content":"not gzip at all","mode":"link_goc"}')],
        ['gzip', valid.subarray(0, valid.length - 12)],
        ['deflate', Buffer.from('xx')],
        ['br', Buffer.from('garbage data here')],
      ] as Array<[string, Buffer]>) {
        const res = await t.send(encoded(encoding, bytes));
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({
          code: 'invalid_request',
          message: `The request body could not be decompressed: it is not valid ${encoding} data`,
        });
      }
    });

    it('415 for a Content-Encoding the service does not decompress', async () => {
      const res = await t.send(encoded('compress', Buffer.from('{}')));
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
    });

    it('415 unsupported_media_type for a body that is not JSON', async () => {
      const res = await t.send(authed().set('Content-Type', 'text/plain').send('content=x&mode=affiliate'));
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
      const form = await t.send(authed().type('form').send({ content: 'x', mode: 'affiliate' }));
      expect(form.status).toBe(415);
    });

    it('404 in the envelope for an unknown route, with an X-Request-Id', async () => {
      const res = await t.send(t.http.get('/api/nothing-here'));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.headers['x-request-id']).toBe(res.body.request_id);
    });

    it('keeps a well-formed incoming X-Request-Id', async () => {
      const res = await t.send(t.http.get('/health').set('X-Request-Id', 'partner-req-000123'));
      expect(res.headers['x-request-id']).toBe('partner-req-000123');
    });
  });
});

describe('POST /api/convert when the conversion fails unexpectedly', () => {
  let t: TestApp;
  let alice: TestMember;
  // A real error with a real stack, carrying text that must stay on the server.
  const boom = new Error('boom SELECT secret FROM members');

  beforeAll(async () => {
    const failing = { convert: () => Promise.reject(boom), answer: () => Promise.reject(boom) };
    t = await createTestApp({}, { captureLogs: true, overrides: [{ provide: TextConverter, useValue: failing }] });
    alice = await t.createMember();
  });
  afterAll(() => t.close());

  it('answers 500 internal_error with a generic message: no error text, SQL or stack frame', async () => {
    expect(boom.stack).toMatch(/\n\s+at .+:\d+:\d+/);
    const res = await t.convert(alice, { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' });
    expect(res.status).toBe(500);
    expect(res.type).toBe('application/json');
    expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'internal_error', message: 'Internal server error' },
      request_id: res.headers['x-request-id'],
    });
    expect(res.text).not.toMatch(/boom|SELECT|secret|members|convert\.e2e-spec|:\d+:\d+|\bat /);
    // The operator still gets the whole story, under the same request id.
    const logged = t.logs.split('\n').find((line) => line.includes('Request failed: internal_error'));
    expect(logged).toBeDefined();
    expect(logged).toContain(res.body.request_id);
    expect(logged).toContain('boom SELECT secret FROM members');
  });
});
