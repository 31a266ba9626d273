import { IpBanService } from '@app/abuse';
import { PubSub, RedisConnections } from '@app/messaging';
import Redis from 'ioredis';
import { cleanUpSharedStore, uniqueRedisPrefix } from '../support/abuse-stores';
import { describeIf } from '../support/skip';
import { createTestApp, TestApp, TestMember, usingPostgres } from '../support/test-app';

const REDIS_URL = process.env.REDIS_URL;
const BODY = { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' };

/**
 * An API call's abuse checks against Redis: the shared ban and both rate-limit counters (per key, per member)
 * in one round trip, one script; on a convert call, with its link budgets (per key, per member) in the same
 * script, once its links are found. A call that fails before its links are counted is counted all the same,
 * before its error is answered.
 */
describeIf(Boolean(REDIS_URL && usingPostgres), 'needs REDIS_URL and DATABASE_URL')(
  'POST /api/convert: ban check and both counters in one Redis round trip',
  () => {
    const env = {
      REDIS_URL: REDIS_URL ?? '',
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      RATE_LIMIT_FREE_PER_KEY: '3',
      RATE_LIMIT_FREE_PER_MEMBER: '100',
    };
    let t: TestApp;
    let alice: TestMember;
    let commands: string[];

    beforeAll(async () => {
      t = await createTestApp(env);
      alice = await t.createMember();
      const client = t.app.get(RedisConnections).client!;
      const send = client.sendCommand.bind(client);
      commands = [];
      jest.spyOn(client, 'sendCommand').mockImplementation((command) => {
        commands.push(command.name);
        return send(command);
      });
    });
    afterAll(async () => {
      jest.restoreAllMocks();
      // The ban made below must not outlive the test (another app on this database would load it).
      await t.dataSource.query('DELETE FROM ip_bans');
      await t.close();
      await cleanUpSharedStore(env);
    });

    const convertAs = (member: TestMember, body: object) =>
      t.send(
        t.http.post('/api/convert').set({ 'X-API-Key': member.apiKey, 'X-API-Token': member.apiToken }).send(body),
      );
    const convert = () => convertAs(alice, BODY);
    /** A body the validation refuses (an unknown mode), after the guards let the call through. */
    const INVALID_BODY = { content: 'https://shopee.vn/product/1/2', mode: 'no_such_mode' };

    it('sends one command for the abuse checks and the link budgets, and counts every policy', async () => {
      await convert(); // the script is loaded on first use (EVALSHA, then EVAL once)
      commands.length = 0;
      const res = await convert();
      expect(res.status).toBe(200);
      expect(commands).toEqual(['evalsha']);
      expect(res.headers.ratelimit).toMatch(
        /"per_key";r=1;t=\d+, "per_member";r=98;t=\d+, "links_per_key";r=1998;t=\d+, "links_per_member";r=3998;t=\d+/,
      );
    });

    it('a call over the per-key limit is refused and does not charge the member budget', async () => {
      expect((await convert()).status).toBe(200);
      const refused = await convert();
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      const redis = new Redis(REDIS_URL!, { keyPrefix: env.REDIS_KEY_PREFIX, lazyConnect: true });
      await redis.connect();
      try {
        expect(await redis.get(`{per_member:${alice.member.id}:per_member}:hits`)).toBe('3');
      } finally {
        redis.disconnect();
      }
    });

    it('a call over the limit is refused with 429 before its invalid body is refused, counted once', async () => {
      // The table is the credentials lib's: read here as a test reads the state it checks, not as the app would.
      const [{ id: credentialId }] = await t.dataSource.query('SELECT id FROM credentials WHERE member_id = $1', [
        alice.member.id,
      ]);
      const counter = `{per_key:${credentialId}:per_key}:hits`;
      const redis = new Redis(REDIS_URL!, { keyPrefix: env.REDIS_KEY_PREFIX, lazyConnect: true });
      await redis.connect();
      try {
        const before = Number(await redis.get(counter));
        commands.length = 0;
        const refused = await convertAs(alice, INVALID_BODY);
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe('rate_limited');
        expect(refused.headers.ratelimit).toMatch(/"per_key";r=0;t=\d+/);
        expect(commands).toEqual(['evalsha']);
        expect(Number(await redis.get(counter))).toBe(before + 1);
      } finally {
        redis.disconnect();
      }
    });

    it('a call under the limit whose body is invalid is counted once and answered 400 with its limits', async () => {
      const carol = await t.createMember();
      commands.length = 0;
      const res = await convertAs(carol, INVALID_BODY);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_mode');
      expect(res.headers.ratelimit).toMatch(/"per_key";r=2;t=\d+, "per_member";r=99;t=\d+/);
      expect(commands).toEqual(['evalsha']);
    });

    it('a ban another instance wrote to Redis is found in that same round trip', async () => {
      const bob = await t.createMember();
      // Another instance bans this client: the row in Postgres, the key in Redis; this instance has no copy yet.
      const bans = t.app.get(IpBanService);
      // This instance's copy of the bans (BanSync, the ban service's cache and sync).
      const active = (bans as unknown as { sync: { active: Map<string, unknown> } }).sync.active;
      // Once its announcement (pub/sub) has reached this instance (a listener after the ban cache's), the copy
      // this instance keeps of the ban is dropped: only Redis and Postgres know of it here.
      const announced = new Promise<void>((resolve) => t.app.get(PubSub).subscribe('bans', () => resolve()));
      await bans.ban('127.0.0.1', 10);
      await announced;
      active.clear();
      commands.length = 0;
      const res = await t.send(
        t.http.post('/api/convert').set({ 'X-API-Key': bob.apiKey, 'X-API-Token': bob.apiToken }).send(BODY),
      );
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ip_blocked');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(commands).toEqual(['evalsha']);
    });
  },
);
