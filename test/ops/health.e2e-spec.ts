import { createTestApp, testAppForSuite } from '../support/test-app';

describe('operational basics', () => {
  const t = testAppForSuite();

  it('GET /health reports the database up', async () => {
    const res = await t.send(t.http.get('/health'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('serves the OpenAPI document with the convert operation and its example', async () => {
    const res = await t.send(t.http.get('/docs/openapi.json'));
    expect(res.status).toBe(200);
    const convert = res.body.paths['/api/convert'].post;
    expect(Object.keys(convert.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '413', '415', '503']));
    const schema = res.body.components.schemas.ConvertRequestDto;
    expect(schema.required).toEqual(expect.arrayContaining(['content', 'mode']));
    expect(schema.properties.mode.enum).toHaveLength(10);
    expect(schema.properties.content.example).toContain('shopee.vn');
  });

  it('serves the Swagger UI page at /docs', async () => {
    const res = await t.send(t.http.get('/docs'));
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('swagger-ui');
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.send(t.http.get('/health'));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 unavailable in the envelope, without details, when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.dataSource.destroy();
    const res = await broken.send(broken.http.get('/health'));
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(res.headers['retry-after']).toBe('5');
    const convert = await broken.send(
      broken.http
        .post('/api/convert')
        .set('X-API-Key', 'sk_' + 'a'.repeat(32))
        .set('X-API-Token', 'tok_' + 'b'.repeat(40))
        .send({ content: 'x', mode: 'link_goc' }),
    );
    expect(convert.status).toBe(503);
    expect(convert.body.error.code).toBe('unavailable');
    await broken.close().catch(() => undefined);
  });
});
