import { ERROR_CODES, statusForCode } from '@app/common';
import { createTestApp, TestApp } from '../support/test-app';

type Media = { schema?: { $ref?: string; type?: string }; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};

/** The OpenAPI document /docs/openapi.json serves is one a generated client can use (see docs/api.md). */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    servers: unknown[];
    info: { license?: { name: string } };
    security: unknown[];
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties: Record<string, { enum?: unknown[] }> }> };
  };
  let operations: Array<[string, Operation]>;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.send(t.http.get('/docs/openapi.json'))).body;
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
    );
  });
  afterAll(() => t.close());

  it('names every operation once, by a clean operationId', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]*$/);
    expect(doc.paths['/api/convert'].post.operationId).toBe('convert');
    expect(doc.paths['/account'].get.operationId).toBe('getAccount');
  });

  it('documents the statuses the routes send: login 400, password change 429, settings 413, page uploads 429', () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses('/account/login', 'post')).toContain('400');
    expect(statuses('/account/password', 'post')).toContain('429');
    expect(statuses('/account/settings', 'patch')).toContain('413');
    expect(statuses('/account/conversions/import', 'post')).toContain('429');
  });

  it('gives every response of every route a schema', () => {
    const without = operations.flatMap(([name, op]) =>
      Object.entries(op.responses)
        .filter(([, response]) => !Object.values(response.content ?? {}).some((media) => media.schema))
        .map(([status]) => `${name} ${status}`),
    );
    expect(without).toEqual([]);
  });

  it('declares the API key and token once, as one security requirement, never as header parameters', () => {
    expect(doc.security).toEqual([{ 'api-key': [], 'api-token': [] }]);
    for (const [, op] of operations) {
      const names = (op.parameters ?? []).map((parameter) => parameter.name.toLowerCase());
      expect(names).not.toContain('x-api-key');
      expect(names).not.toContain('x-api-token');
    }
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.info.license?.name).toBeTruthy();
  });

  it('makes ok the true/false discriminant and error.code the enum of the server codes', () => {
    const { schemas } = doc.components;
    expect(schemas.ErrorResponseDto.properties.ok.enum).toEqual([false]);
    expect(schemas.ErrorBodyDto.properties.code).toMatchObject({ allOf: [{ $ref: '#/components/schemas/ErrorCode' }] });
    expect((schemas.ErrorCode as unknown as { enum: string[] }).enum).toEqual([...ERROR_CODES]);
    for (const name of ['ConvertResponseDto', 'AccountOverviewDto', 'ShortLinksPageDto', 'AdminOverviewDto']) {
      expect(schemas[name].properties.ok.enum).toEqual([true]);
    }
  });

  it('shows an example envelope for each error an operation documents, with a code of that status', () => {
    for (const [name, op] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const examples = Object.values(response.content?.['application/json']?.examples ?? {});
        expect([name, status, examples.length > 0]).toEqual([name, status, true]);
        for (const { value } of examples) {
          const code = (value as { error: { code: (typeof ERROR_CODES)[number] } }).error.code;
          expect([name, code, statusForCode(code)]).toEqual([name, code, Number(status)]);
        }
      }
    }
    const forbidden = doc.paths['/api/convert'].post.responses['403'].content!['application/json'].examples!;
    expect(Object.keys(forbidden).sort()).toEqual(['ip_blocked', 'not_configured', 'plan_required']);
  });

  it('has convert request examples the server accepts, and a response example it really gives', async () => {
    const { apiKey, apiToken } = await t.createMember();
    const op = doc.paths['/api/convert'].post;
    const requests = op.requestBody!.content['application/json'].examples!;
    expect(Object.keys(requests).length).toBeGreaterThan(0);
    for (const { value } of Object.values(requests)) {
      const res = await t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', apiKey)
          .set('X-API-Token', apiToken)
          .send(value as object),
      );
      expect(res.status).toBe(200);
      expect(res.body.summary.failed).toBe(0);
    }
    const [response] = Object.values(op.responses['200'].content!['application/json'].examples!);
    const res = await t.send(
      t.http
        .post('/api/convert')
        .set('X-API-Key', apiKey)
        .set('X-API-Token', apiToken)
        .send(requests.affiliate.value as object),
    );
    expect(res.body).toEqual(response.value);
  });
});
