import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { ApiProcess, ROOT, runCli, runToExit } from '../support/api-process';
import { safeText, STACK_FRAME } from '../support/test-app';

/** Logs in through the account API (CSRF token first) and returns the member. */
async function loginAs(base: string, email: string, password: string): Promise<{ role: string }> {
  const csrf = await fetch(`${base}/account/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((pair) => pair.split(';')[0])
    .join('; ');
  const { csrf_token } = JSON.parse(await safeText(csrf));
  const res = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf_token },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return JSON.parse(await safeText(res)).member;
}

/** The link the README's "Try it" example converts to. */
const README_LINK =
  'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2FAo-Thun-Nam-i.123456.7891011' +
  '&affiliate_id=17345510000&sub_id=fb-post1';

/** The README's curl example: its `-d` body, verbatim, and the `output` its answer shows. */
function readmeExample(): { body: string; output: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const tryIt = readme.slice(readme.indexOf('## Try it'), readme.indexOf('\n## ', readme.indexOf('## Try it') + 1));
  const body = /curl -s localhost:3000\/api\/convert[^]*?-d '([^']+)'/.exec(tryIt)?.[1];
  const output = /"output":"(Deal[^"]*)"/.exec(tryIt)?.[1];
  if (!body || !output) throw new Error('The README\'s "Try it" section has no curl example with its output');
  return { body, output };
}

/**
 * The service started as a real process, as `npm start` runs it after the build (`API_ENTRY=dist` runs that
 * build; by default the same entry point runs from the sources), with nothing but Node: no DATABASE_URL, no
 * secrets, whatever the environment of the test run holds.
 */
describe('Start-up as a real process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-startup-'));
  /** Nothing of the parent's environment reaches the child but PATH and HOME (ApiProcess and runToExit). */
  const bare = {
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    CREDENTIALS_SECRET: undefined,
    SESSION_SECRET: undefined,
    SETTINGS_ENCRYPTION_KEY: undefined,
    DATA_DIR: dataDir,
  };
  let api: ApiProcess | undefined;

  afterAll(async () => {
    await api?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an invalid PORT: exits 1 before contacting anything, names the variable on stderr, no stack trace', async () => {
    const badDir = join(dataDir, 'bad-config');
    // A database and a Redis that only count who connects: a process that waited for them, or retried, would
    // connect (and then hang until the time-out below, never exiting 1 by itself).
    const contacted: string[] = [];
    const listeners = await Promise.all(
      ['database', 'redis'].map(async (name) => {
        const server = createServer((socket) => {
          contacted.push(name);
          socket.destroy();
        });
        await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
        return server;
      }),
    );
    const [database, redis] = listeners.map((server) => (server.address() as AddressInfo).port);
    try {
      const run = await runToExit(
        'main',
        [],
        {
          DATA_DIR: badDir,
          PORT: 'abc',
          DATABASE_URL: `postgres://postgres@127.0.0.1:${database}/linkconv`,
          REDIS_URL: `redis://127.0.0.1:${redis}`,
        },
        60_000,
      );
      expect(run.code).toBe(1);
      expect(contacted).toEqual([]);
      expect(run.stderr).toMatch(/^Invalid configuration:\n {2}- .*PORT/);
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.stderr).not.toMatch(/node_modules|\.ts:\d+/);
      expect(run.stdout).toBe('');
      // Stopped before touching anything: no database, no generated secret.
      expect(() => readdirSync(badDir)).toThrow(/ENOENT/);
    } finally {
      await Promise.all(listeners.map((server) => new Promise((done) => server.close(done))));
    }
  }, 150_000);

  it('refuses a SHORT_LINK_BASE_URL that cannot work: exits 1 naming the variable, before touching anything', async () => {
    const badDir = join(dataDir, 'bad-base-url');
    const run = await runToExit(
      'main',
      [],
      { ...bare, DATA_DIR: badDir, SHORT_LINK_BASE_URL: 'http://localhost:3000/api' },
      60_000,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Invalid configuration:\n {2}- SHORT_LINK_BASE_URL's path \/api is one of the api's own/,
    );
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(() => readdirSync(badDir)).toThrow(/ENOENT/);
  }, 150_000);

  it('starts on the embedded database, generates its secret, and converts the README example with a CLI member', async () => {
    // First start: an empty DATA_DIR.
    api = await ApiProcess.start({ env: { ...bare, LOG_LEVEL: 'info' }, readyTimeoutMs: 120_000 });
    const secretFile = join(dataDir, 'credentials-secret');
    expect(api.logs()).toContain(`No DATABASE_URL: using the embedded PGlite database under ${dataDir}`);
    expect(api.logs()).toContain(`Generated CREDENTIALS_SECRET and stored it in ${secretFile}`);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const health = await fetch(`${api.url}/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(await safeText(health))).toMatchObject({ status: 'ok' });

    // The CLI works while the service runs: the embedded database is served on a socket in DATA_DIR (0600).
    const socket = join(dataDir, 'run', '.s.PGSQL.5432');
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    const admin = await runCli(
      ['members:create', '--email', 'admin@example.com', '--admin', '--password-stdin'],
      bare,
      'an admin password\n',
    );
    expect(admin.api_key).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    const login = await loginAs(api.url, 'admin@example.com', 'an admin password');
    expect(login.role).toBe('admin');

    // Stopped, the socket is gone; the CLI then opens the files itself.
    expect(await api.stop()).toBe(0);
    expect(() => statSync(socket)).toThrow(/ENOENT/);
    const created = await runCli(
      ['members:create', '--email', 'me@example.com', '--password-stdin'],
      bare,
      'a long password\n',
    );
    expect(created.api_key).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    expect(created.api_token).toMatch(/^tok_[0-9A-Za-z]{40}$/);

    // Restart on the same folder: the secret is read back, not generated again, so the CLI's pair works.
    await api.spawn();
    expect(api.logs().split('Generated CREDENTIALS_SECRET').length - 1).toBe(1);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(secret);
    const example = readmeExample();
    const res = await fetch(`${api.url}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': created.api_key, 'X-API-Token': created.api_token },
      body: example.body,
    });
    const text = await safeText(res);
    expect(res.status).toBe(200);
    const answer = JSON.parse(text);
    expect(example.output).toBe(`Deal 🔥 ${README_LINK} giảm 50%!`);
    expect(answer).toMatchObject({
      ok: true,
      message: 'Converted 1/1 link',
      mode: 'Affiliate link',
      output: example.output,
      summary: { total: 1, success: 1, failed: 0 },
      items: [
        {
          index: 0,
          input: 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc',
          start: 8,
          end: 65,
          marketplace: 'shopee',
          output: README_LINK,
          ok: true,
        },
      ],
    });
    // The README's own_shortener example: a short link on this process's own port (the default base URL
    // follows PORT) that redirects to the same affiliate link.
    const shortRes = await fetch(`${api.url}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': created.api_key, 'X-API-Token': created.api_token },
      body: example.body.replace('"mode":"affiliate"', '"mode":"own_shortener"'),
    });
    const short = JSON.parse(await safeText(shortRes)).items[0].output as string;
    expect(short).toMatch(new RegExp(`^http://localhost:${new URL(api.url).port}/s/[A-Za-z0-9]{7}$`));
    const redirect = await fetch(short, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(README_LINK);
    // The token reached the service, never its log.
    expect(api.logs()).not.toContain(created.api_token);
  }, 300_000);
});
