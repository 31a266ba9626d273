import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { ApiProcess, eventually, PROCESS_SECRETS, runToExit, type FinishedProcess } from '../support/api-process';
import { describeIf } from '../support/skip';

/**
 * Growing from `npm start` to PostgreSQL without losing a link, a key or a click (docs/operations.md "Backups" and
 * "Moving to PostgreSQL"): everything a deployment holds is made on the embedded database of a real service in a
 * temporary DATA_DIR (secrets generated there), backed up while it runs, restored into one fresh PostgreSQL
 * database and moved into another; a service started on each with the secrets the commands gave accepts what the
 * members had.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const SHORT_HOST = 'go.test';
const EMAIL = 'mover@example.com';
const PASSWORD = 'a long and careful password';
const BITLY_TOKEN = 'bitly-token-0123456789-abcdef';
const DOMAIN = 'links.mover.example.com';
const BANNED_IP = '203.0.113.77';
const PRODUCTS = ['https://shopee.vn/product/55501/66602', 'https://shopee.vn/product/55501/66603'];
const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const NO_SECRETS = {
  CREDENTIALS_SECRET: undefined,
  SESSION_SECRET: undefined,
  PASSWORD_PEPPER: undefined,
  SETTINGS_ENCRYPTION_KEY: undefined,
};
const SERVICE_ENV = {
  SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`,
  TRUST_PROXY: 'loopback',
  CLICK_FLUSH_INTERVAL_MS: '500',
};

/** A database of our own on the test's PostgreSQL server, named after its database (`linkconv_x_restore`). */
function databaseUrl(suffix: string): string {
  const url = new URL(DATABASE_URL!);
  url.pathname = `${url.pathname.slice(1)}_${suffix}`;
  return url.toString();
}

/** Runs `work` on the server of `url`, connected to its `postgres` database, with the name of `url`'s database. */
async function onServer(url: string, work: (client: Client, name: string) => Promise<unknown>): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

const dropDatabase = (url: string) =>
  onServer(url, (client, name) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

const recreateDatabase = (url: string) =>
  onServer(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });

function cli(args: string[], env: Record<string, string | undefined>, input?: string): Promise<FinishedProcess> {
  return runToExit('cli', args, { NODE_OPTIONS: '', ...env }, 600_000, input);
}

function json(result: FinishedProcess): Record<string, unknown> {
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr.slice(-2000)}`);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A parsed JSON answer, read field by field as supertest's `body` is. */
type JsonBody = ReturnType<typeof JSON.parse>;

/** A browser-like client: keeps its cookies and the CSRF token. */
class Browser {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly base: string) {}

  async send(method: string, path: string, body?: object, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(this.csrf ? { 'X-CSRF-Token': this.csrf } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    const parsed = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (typeof parsed.csrf_token === 'string') this.csrf = parsed.csrf_token;
    return { status: res.status, body: parsed as JsonBody };
  }

  async login(email: string, password: string) {
    await this.send('GET', '/account/csrf');
    return this.send('POST', '/account/login', { email, password });
  }
}

/** A GET on the short host (the api serves the mounted redirector by Host). */
function visit(port: number, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { Host: SHORT_HOST, 'User-Agent': BROWSER_UA } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function convert(
  base: string,
  pair: { api_key: string; api_token: string },
  body: object,
  ip?: string,
): Promise<{ status: number; body: JsonBody }> {
  const res = await fetch(`${base}/api/convert`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-API-Key': pair.api_key,
      'X-API-Token': pair.api_token,
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as JsonBody };
}

interface Made {
  oldPair: { api_key: string; api_token: string };
  newPair: { api_key: string; api_token: string };
  sessionCookies: Map<string, string>;
  links: Array<{ code: string; location: string; clicks: number }>;
}

function envLines(lines: string[]): Record<string, string> {
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

describeIf(Boolean(DATABASE_URL), 'needs DATABASE_URL: a PostgreSQL server to restore and move into')(
  'db:backup, db:restore and db:move: from the embedded database to PostgreSQL, nothing lost',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-move-'));
    const backupDir = mkdtempSync(join(tmpdir(), 'linkconv-backup-'));
    const backupFile = join(backupDir, 'linkconv.backup.gz');
    const restoreUrl = DATABASE_URL ? databaseUrl('restore') : '';
    const moveUrl = DATABASE_URL ? databaseUrl('move') : '';
    const made = {} as Made;
    const generated: Record<string, string> = {};
    const services: ApiProcess[] = [];

    afterAll(async () => {
      for (const service of services) await service.dispose();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(backupDir, { recursive: true, force: true });
      if (DATABASE_URL) for (const url of [restoreUrl, moveUrl]) await dropDatabase(url);
    });

    it('makes members, pairs, a session, links with clicks, a domain, a ban and settings on the embedded database, and backs it up while the service runs', async () => {
      const embedded = await ApiProcess.start({
        env: { ...NO_SECRETS, ...SERVICE_ENV, DATA_DIR: dataDir },
        readyTimeoutMs: 300_000,
      });
      services.push(embedded);
      // The four secrets were generated into DATA_DIR.
      for (const file of ['credentials-secret', 'session-secret', 'password-pepper', 'settings-encryption-key']) {
        generated[file] = readFileSync(join(dataDir, file), 'utf8').trim();
      }

      // A pro member, made by the CLI through the running service's socket.
      const created = json(
        await cli(
          ['members:create', '--email', EMAIL, '--plan', 'pro', '--password-stdin'],
          { ...NO_SECRETS, DATA_DIR: dataDir },
          PASSWORD,
        ),
      );
      const browser = new Browser(embedded.url);
      expect((await browser.login(EMAIL, PASSWORD)).status).toBe(200);
      // A new pair; the first one keeps working for a day (the grace-period pair).
      const regenerated = await browser.send('POST', '/account/credentials/regenerate', {
        password: PASSWORD,
        grace_seconds: 86_400,
      });
      expect(regenerated.status).toBe(200);
      made.oldPair = { api_key: created.api_key as string, api_token: created.api_token as string };
      made.newPair = { api_key: regenerated.body.api_key, api_token: regenerated.body.api_token };
      expect(made.newPair.api_key).not.toBe(made.oldPair.api_key);
      made.sessionCookies = new Map(browser.cookies);

      expect((await browser.send('PATCH', '/account/settings', { bitly_token: BITLY_TOKEN })).status).toBe(200);
      expect((await browser.send('POST', '/account/domains', { domain: DOMAIN })).status).toBe(201);

      const converted = await convert(embedded.url, made.oldPair, {
        content: PRODUCTS.join(' và '),
        mode: 'own_shortener',
        affiliate_id: '17345510000',
      });
      expect(converted.status).toBe(200);
      const codes = converted.body.items.map((item: { output: string }) => item.output.split('/').pop()!);
      made.links = [];
      for (const [index, code] of codes.entries()) {
        const clicks = index === 0 ? 3 : 1;
        let location = '';
        for (let i = 0; i < clicks; i += 1) {
          const res = await visit(embedded.port, `/s/${code}`);
          expect(res.status).toBe(302);
          location = res.location!;
        }
        made.links.push({ code, location, clicks });
      }
      // The clicks are written by the periodic flush (500 ms here) before the backup reads them.
      expect(
        await eventually(async () => {
          const list = await browser.send('GET', '/account/short-links?per_page=10');
          const total = (list.body.short_links ?? []).reduce((n: number, l: { clicks: number }) => n + l.clicks, 0);
          return total === 4;
        }, 30_000),
      ).toBe(true);

      // Wrong keys from one address: banned.
      for (let i = 0; i < 11; i += 1) {
        await convert(
          embedded.url,
          { api_key: `sk_${'x'.repeat(32)}`, api_token: `tok_${'y'.repeat(40)}` },
          {},
          BANNED_IP,
        );
      }
      const blocked = await convert(embedded.url, made.newPair, { content: PRODUCTS[0], mode: 'link_goc' }, BANNED_IP);
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('ip_blocked');

      const backup = json(
        await cli(['db:backup', '--out', backupFile, '--with-secrets'], { ...NO_SECRETS, DATA_DIR: dataDir }),
      );
      expect(backup.with_secrets).toBe(true);
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
      const [headerLine] = gunzipSync(readFileSync(backupFile)).toString('utf8').split('\n', 1);
      const header = JSON.parse(headerLine);
      expect(header.format).toBe('linkconv-backup');
      expect(header.schema.last_migration).toBe(backup.schema);
      expect(header.secrets.CREDENTIALS_SECRET).toBe(generated['credentials-secret']);
      expect(header.secrets_warning).toMatch(/every API key/);
      const tables = new Map((backup.tables as Array<{ table: string; rows: number }>).map((t) => [t.table, t.rows]));
      for (const table of ['members', 'credentials', 'sessions', 'short_links', 'custom_domains', 'ip_bans']) {
        expect(tables.get(table)).toBeGreaterThan(0);
      }
      expect(tables.get('credentials')).toBe(2);
      expect(tables.get('short_links')).toBe(2);

      // A restore or a move is refused while the service runs.
      const refused = await cli(['db:move', '--to', moveUrl], { ...NO_SECRETS, DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop it before');

      expect(await embedded.stop()).toBe(0);
    }, 900_000);

    it('restores the backup into an empty PostgreSQL database (and refuses a non-empty one)', async () => {
      await recreateDatabase(restoreUrl);
      const restored = json(
        await cli(['db:restore', '--in', backupFile], { ...NO_SECRETS, DATABASE_URL: restoreUrl, DATA_DIR: dataDir }),
      );
      const secrets = envLines(restored.environment as string[]);
      expect(secrets.CREDENTIALS_SECRET).toBe(generated['credentials-secret']);
      const again = await cli(['db:restore', '--in', backupFile], {
        ...NO_SECRETS,
        DATABASE_URL: restoreUrl,
        DATA_DIR: dataDir,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('not empty');
      await expectEverythingKept(restoreUrl, secrets);
    }, 900_000);

    it('moves the embedded database into a fresh PostgreSQL database, verified, with the secrets to set', async () => {
      await recreateDatabase(moveUrl);
      const secretsFile = join(dataDir, 'moved.env');
      const moved = json(
        await cli(['db:move', '--to', moveUrl, '--secrets-out', secretsFile], { ...NO_SECRETS, DATA_DIR: dataDir }),
      );
      expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
      const secrets = envLines(readFileSync(secretsFile, 'utf8').trim().split('\n'));
      expect(Object.keys(secrets).sort()).toEqual(
        ['CREDENTIALS_SECRET', 'PASSWORD_PEPPER', 'SESSION_SECRET', 'SETTINGS_ENCRYPTION_KEY'].sort(),
      );
      expect(secrets.SETTINGS_ENCRYPTION_KEY).toBe(generated['settings-encryption-key']);
      const tables = moved.tables as Array<{ table: string; rows: number; checksum: string }>;
      expect(tables.find((t) => t.table === 'short_link_clicks')!.rows).toBeGreaterThan(0);
      // What the command reports is what PostgreSQL holds (it compared counts and checksums with the embedded
      // database's own before finishing).
      const client = new Client({ connectionString: moveUrl });
      await client.connect();
      try {
        for (const { table, rows } of tables) {
          const { rows: counted } = await client.query(`SELECT count(*)::int AS n FROM "${table}"`);
          expect(counted[0].n).toBe(rows);
        }
      } finally {
        await client.end();
      }
      // Not empty any more: a second move is refused.
      const again = await cli(['db:move', '--to', moveUrl], { ...NO_SECRETS, DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('not empty');
      await expectEverythingKept(moveUrl, secrets);
    }, 900_000);

    /** A service on the PostgreSQL database, with the given secrets, accepts everything made on the embedded one. */
    async function expectEverythingKept(url: string, secrets: Record<string, string>): Promise<void> {
      const service = await ApiProcess.start({
        env: { ...PROCESS_SECRETS, ...secrets, ...SERVICE_ENV, DATABASE_URL: url },
        readyTimeoutMs: 300_000,
      });
      services.push(service);
      try {
        // The grace-period pair and the new one.
        const body = { content: PRODUCTS[0], mode: 'link_goc' };
        expect((await convert(service.url, made.oldPair, body)).status).toBe(200);
        expect((await convert(service.url, made.newPair, body)).status).toBe(200);

        // The session of before the move (its cookie signed with SESSION_SECRET).
        const old = new Browser(service.url);
        for (const [name, value] of made.sessionCookies) old.cookies.set(name, value);
        const overview = await old.send('GET', '/account');
        expect(overview.status).toBe(200);
        // The saved member secret decrypts (its preview is made from the decrypted value).
        expect(JSON.stringify(overview.body.settings)).toContain(`${BITLY_TOKEN.slice(0, 4)}…${BITLY_TOKEN.slice(-4)}`);

        // The password (its hash needs PASSWORD_PEPPER).
        const fresh = new Browser(service.url);
        expect((await fresh.login(EMAIL, PASSWORD)).status).toBe(200);

        // The click totals, then the links themselves.
        const list = await fresh.send('GET', '/account/short-links?per_page=10');
        const byCode = new Map(list.body.short_links.map((link: { code: string }) => [link.code, link]));
        for (const link of made.links) {
          expect(byCode.get(link.code)).toMatchObject({ clicks: link.clicks });
          expect(await visit(service.port, `/s/${link.code}`)).toEqual({ status: 302, location: link.location });
        }
        // New rows get new ids (the sequences were set past the copied ones).
        const more = await convert(service.url, made.newPair, {
          content: 'https://shopee.vn/product/55501/66604',
          mode: 'own_shortener',
          affiliate_id: '17345510000',
        });
        expect(more.status).toBe(200);

        const domains = await fresh.send('GET', '/account/domains');
        expect(JSON.stringify(domains.body)).toContain(DOMAIN);
        const blocked = await convert(service.url, made.newPair, body, BANNED_IP);
        expect(blocked.status).toBe(403);
        expect(blocked.body.error.code).toBe('ip_blocked');
      } finally {
        await service.stop();
      }
    }
  },
);
