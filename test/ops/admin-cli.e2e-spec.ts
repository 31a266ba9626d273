import { cleanUpSharedStore, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/abuse-stores';
import { runToExit } from '../support/api-process';
import { describeIf } from '../support/skip';
import {
  createTestApp,
  TEST_PASSWORD_PEPPER,
  TEST_SECRET,
  TEST_SESSION_SECRET,
  TEST_SETTINGS_KEY,
  TestApp,
  TestMember,
  usingPostgres,
} from '../support/test-app';

/** A command's JSON answer, of the command's own shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command answers its own shape
type CliJson = any;
/** Each CLI run compiles and boots the app context: tens of seconds on a busy machine. */
const CLI_TEST_TIMEOUT_MS = 300_000;

describeIf(usingPostgres, 'needs DATABASE_URL (the CLI and the running app share one database)')(
  'CLI admin commands against a running deployment',
  () => {
    let t: TestApp;
    let alice: TestMember;
    let admin: TestMember;
    const redisEnv: Record<string, string> = TEST_REDIS_URL
      ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniqueRedisPrefix() }
      : {};

    /** `npm run -s cli -- …` as an operator runs it on the server, beside the running app. */
    async function cli(...args: string[]): Promise<{ code: number | null; json: CliJson; stderr: string }> {
      // The running test app's own secrets, so both read the same hashes and settings.
      const env = {
        DATABASE_URL: process.env.DATABASE_URL,
        CREDENTIALS_SECRET: TEST_SECRET,
        SESSION_SECRET: TEST_SESSION_SECRET,
        PASSWORD_PEPPER: TEST_PASSWORD_PEPPER,
        SETTINGS_ENCRYPTION_KEY: TEST_SETTINGS_KEY,
        LOG_LEVEL: 'silent',
        ...redisEnv,
      };
      const { code, stdout, stderr } = await runToExit('cli', args, env);
      return { code, json: code === 0 ? (JSON.parse(stdout) as CliJson) : null, stderr };
    }

    const convert = (member: TestMember) =>
      t.convert(member, { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' });

    beforeAll(async () => {
      t = await createTestApp({ IP_BAN_MAX_FAILURES: '3', ...redisEnv });
      alice = await t.createMember({ email: 'alice@example.com' });
      admin = await t.createMember({ email: 'root@example.com', role: 'admin' });
    });
    afterAll(async () => {
      await t.close();
      await cleanUpSharedStore(redisEnv);
    });

    it(
      'members:list and members:set-plan: the running app sees the new plan at once',
      async () => {
        const listed = await cli('members:list', '--email', 'alice@');
        expect(listed.code).toBe(0);
        expect(listed.json).toMatchObject({
          total: 1,
          page: 1,
          members: [{ email: 'alice@example.com', plan: 'free' }],
        });
        expect((await convert(alice)).headers['ratelimit-policy']).toContain('"per_key";q=60');

        const changed = await cli('members:set-plan', '--email', 'alice@example.com', '--plan', 'pro');
        expect(changed.code).toBe(0);
        expect(changed.json.member).toMatchObject({ email: 'alice@example.com', plan: 'pro', disabled: false });
        expect((await convert(alice)).headers['ratelimit-policy']).toContain('"per_key";q=600');
      },
      CLI_TEST_TIMEOUT_MS,
    );

    it(
      'members:disable stops the member’s API calls on the running app; --enable brings them back',
      async () => {
        expect((await convert(alice)).status).toBe(200);
        const disabled = await cli('members:disable', '--email', 'alice@example.com');
        expect(disabled.code).toBe(0);
        expect(disabled.json.member).toMatchObject({ disabled: true });
        expect((await convert(alice)).status).toBe(401);
        const enabled = await cli('members:disable', '--email', 'alice@example.com', '--enable');
        expect(enabled.json.member).toMatchObject({ disabled: false });
        expect((await convert(alice)).status).toBe(200);
      },
      CLI_TEST_TIMEOUT_MS,
    );

    it(
      'bans:list shows the ban wrong tokens caused; bans:lift (audited) lets the address call again',
      async () => {
        for (let i = 0; i < 3; i++) await convert({ ...alice, apiToken: 'tok_' + 'q'.repeat(40) });
        const blocked = await convert(alice);
        expect(blocked.status).toBe(403);
        expect(blocked.body.error.code).toBe('ip_blocked');

        const bans = await cli('bans:list');
        expect(bans.code).toBe(0);
        expect(bans.json.bans).toHaveLength(1);
        const ip = bans.json.bans[0].ip as string;
        expect(bans.json.bans[0]).toMatchObject({ active: true, failures: 3 });

        const lifted = await cli('bans:lift', '--ip', ip, '--by', 'root@example.com');
        expect(lifted.code).toBe(0);
        expect(lifted.json).toMatchObject({ ip, lifted: [{ active: false, lifted_by: admin.member.id }] });
        // The running app hears it at once: through Redis, or without Redis through PostgreSQL LISTEN/NOTIFY (its
        // next reload of the bans is 30 s away).
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = (await convert(alice)).status;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
        const history = await cli('bans:list', '--all', '--ip', ip);
        expect(history.json.bans).toEqual([expect.objectContaining({ active: false, lifted_by: admin.member.id })]);
      },
      CLI_TEST_TIMEOUT_MS,
    );
  },
);
