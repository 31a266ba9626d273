import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AddressPolicy } from '@app/conversion';
import { createTestApp, TEST_PASSWORD, TestApp } from '../support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc';

/**
 * Deliverable of the OpenAPI document: a client generated from /docs/openapi.json works. The document the booted
 * app serves is turned into types by openapi-typescript; `generated-client/client.mts` (openapi-fetch, the API key
 * and token set once, narrowing on `ok`) is compiled against them by `tsc --strict` and run against the app.
 */
describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  let baseUrl: string;

  beforeAll(async () => {
    // Webhook endpoints on 127.0.0.1 (this app's own port: the deliveries' answers do not matter here), which the
    // address policy allows in tests only.
    t = await createTestApp(
      { SHORT_LINK_BASE_URL: 'http://sl.test/s' },
      { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }] },
    );
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    mkdirSync(join(ROOT, 'dist'), { recursive: true });
    // Inside the repository, so that the compiled program finds openapi-fetch in node_modules.
    dir = mkdtempSync(join(ROOT, 'dist', 'generated-client-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('compiles with tsc --strict and converts, reads its limits and a product, saves settings, lists short links, makes a scoped key and a webhook endpoint', async () => {
    const document = await t.send(t.http.get('/docs/openapi.json'));
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document.body));
    // Run from the scratch folder: in the repository root it would read redocly.yaml (the lint's config).
    await run(
      process.execPath,
      [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), 'openapi.json', '-o', 'api.ts'],
      {
        cwd: dir,
      },
    );
    copyFileSync(join(__dirname, 'generated-client', 'client.mts'), join(dir, 'client.mts'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
          skipLibCheck: true,
          outDir: 'out',
        },
        files: ['client.mts', 'api.ts'],
      }),
    );
    // Type errors fail here with tsc's own message.
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir]).catch((error) => {
      throw new Error(`tsc --strict failed:\n${(error as { stdout?: string }).stdout ?? error}`);
    });

    const { member, apiKey, apiToken } = await t.createMember({ email: 'client@example.com' });
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'client.mjs')], {
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        API_KEY: apiKey,
        API_TOKEN: apiToken,
        EMAIL: member.email,
        PASSWORD: TEST_PASSWORD,
        PRODUCT_URL: PRODUCT,
        HOOK_URL: `${baseUrl.replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1')}/hooks-test`,
      },
    });
    const seen = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(seen.convert).toMatchObject({ ok: true, mode: 'Short link', success: 1 });
    expect(seen.convert.output).toMatch(/^Deal http:\/\/sl\.test\/s\/[A-Za-z0-9]+ giảm 50%$/);
    expect(seen.limits.length).toBeGreaterThan(0);
    expect(seen.refusedCode).toBe('invalid_credentials');
    expect(seen.product).toEqual({ ok: false, code: 'not_configured' });
    expect(seen.settings).toEqual({ affiliate_id: 'aff_saved', lazada_master_code: 'YParqP', bitly_set: true });
    expect(seen.email).toBe('client@example.com');
    expect(seen.shortLinks.total).toBe(1);
    expect(seen.shortLinks.targets[0]).toContain('shopee');
    expect(seen.clickDays).toBe(7);
    // Keys per integration, webhooks and Idempotency-Key through the generated client.
    expect(seen.scopedKey).toEqual({ scopes: ['webhooks:write'], replayed: true });
    expect(seen.outside).toMatchObject({ ok: false, code: 'insufficient_scope' });
    expect(seen.outside.message).toContain('convert');
    expect(seen.webhook).toEqual({
      secretShape: true,
      replayed: true,
      endpoints: 1,
      events: ['order.created', 'order.updated'],
      testDelivery: 'webhook.test',
      total: 1,
    });
  });
});
