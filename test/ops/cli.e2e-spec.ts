import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, TEST_SECRET } from '../support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

/**
 * Runs `npm run -s cli -- …` the way the README does (ts-node), on an embedded database in `dataDir`, with
 * `input` on stdin (the password, for `--password-stdin`).
 */
async function cli(
  dataDir: string,
  args: string[],
  input = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const pending = run(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'apps/api/src/cli.ts', ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, CREDENTIALS_SECRET: TEST_SECRET, NODE_OPTIONS: '' },
        timeout: 120_000,
      },
    );
    pending.child.stdin?.end(input);
    const { stdout, stderr } = await pending;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('CLI: members:create and credentials:regenerate', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-cli-'));

  it('creates a member, refuses a duplicate, regenerates the pair, and only the new pair works', async () => {
    const created = await cli(
      dataDir,
      ['members:create', '--email', 'Cli@Example.com', '--password-stdin', '--plan', 'pro'],
      'a long password\n',
    );
    expect(created.code).toBe(0);
    // stdout is the JSON answer alone.
    const first = JSON.parse(created.stdout);
    expect(created.stdout).toBe(`${JSON.stringify(first)}\n`);
    expect(Object.keys(first).sort()).toEqual(['api_key', 'api_token', 'member_id']);
    expect(first.api_key).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    expect(first.api_token).toMatch(/^tok_[0-9A-Za-z]{40}$/);

    const duplicate = await cli(
      dataDir,
      ['members:create', '--email', 'cli@example.com', '--password-stdin'],
      'another password',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    expect(duplicate.stdout).toBe('');

    const badUsage = await cli(dataDir, ['members:create', '--password-stdin'], 'a long password');
    expect(badUsage.code).toBe(2);
    expect(badUsage.stderr).toContain('--email is required');

    // Never a password on the command line; no terminal and no --password-stdin: told how.
    const onCommandLine = await cli(dataDir, ['members:create', '--email', 'x@example.com', '--password', 'secret12']);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.stderr).toContain('--password-stdin');
    expect(onCommandLine.stderr).not.toContain('secret12');
    const noTerminal = await cli(dataDir, ['members:create', '--email', 'x@example.com']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('pipe it with --password-stdin');

    const regenerated = await cli(dataDir, ['credentials:regenerate', '--email', 'cli@example.com']);
    expect(regenerated.code).toBe(0);
    const second = JSON.parse(regenerated.stdout);
    expect(second.member_id).toBe(first.member_id);
    expect(second.api_key).not.toBe(first.api_key);

    const t = await createTestApp({ DATABASE_URL: '', DATA_DIR: dataDir });
    try {
      const convert = (pair: { api_key: string; api_token: string }) =>
        t.send(
          t.http
            .post('/api/convert')
            .set('X-API-Key', pair.api_key)
            .set('X-API-Token', pair.api_token)
            .send({ content: 'https://shopee.vn/product/1/2', mode: 'link_goc' }),
        );
      expect((await convert(second)).status).toBe(200);
      expect((await convert(first)).status).toBe(401);
      // The pairs the commands made are in the member's audit log, made by the service (no request, no address).
      const audited: Array<{ actor: string; ip: string | null }> = await t.dataSource.query(
        `SELECT actor, ip FROM audit_entries WHERE member_id = $1 AND action = 'credentials.regenerated'`,
        [first.member_id],
      );
      expect(audited).toEqual([
        { actor: 'system', ip: null },
        { actor: 'system', ip: null },
      ]);
    } finally {
      await t.close();
    }
  }, 420_000); // six cold ts-node starts of the whole app: slow on a busy 2-core machine
});
