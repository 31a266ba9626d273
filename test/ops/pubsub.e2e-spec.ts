import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { messagingConfig, RedisConnections, type PubSub } from '@app/messaging';
import { loadNamespace } from '@app/common/testing';
import { PostgresPubSub, postgresChannelOf, RedisPubSub } from '@app/messaging/testing';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../support/abuse-stores';
import { eventually } from '../support/api-process';
import { describeIf } from '../support/skip';
import { hasRedisServer, ThrowawayRedis } from '../support/throwaway-servers';

const DATABASE_URL = process.env.DATABASE_URL;

/** One process's side of the port, started and closed the way Nest does it (init hooks, then shutdown hooks). */
interface Instance {
  pubsub: PubSub;
  received: string[];
  resyncs: number;
  close(): Promise<void>;
}

/** Subscribes (as a provider's constructor does) before the port starts, then starts it. */
async function started(
  pubsub: PubSub & { onModuleInit(): Promise<void>; onApplicationShutdown(): unknown },
  channel: string,
  hooks: { init?: () => Promise<void>; shutdown?: () => Promise<void> } = {},
): Promise<Instance> {
  const instance: Instance = {
    pubsub,
    received: [],
    resyncs: 0,
    close: async () => {
      await pubsub.onApplicationShutdown();
      await hooks.shutdown?.();
    },
  };
  pubsub.subscribe(channel, (message) => instance.received.push(message));
  pubsub.onResync(() => (instance.resyncs += 1));
  await hooks.init?.();
  await pubsub.onModuleInit();
  return instance;
}

async function redisInstance(url: string, prefix: string, channel: string): Promise<Instance> {
  const connections = new RedisConnections(
    loadNamespace(messagingConfig, { REDIS_URL: url, REDIS_KEY_PREFIX: prefix }),
  );
  return started(new RedisPubSub(connections), channel, {
    init: () => connections.onModuleInit(),
    shutdown: () => connections.onApplicationShutdown(),
  });
}

describeIf(Boolean(TEST_REDIS_URL), 'needs REDIS_URL')('PubSub over Redis', () => {
  const prefix = uniqueRedisPrefix();
  const instances: Instance[] = [];
  afterAll(() => Promise.all(instances.map((instance) => instance.close())));

  it('delivers a message to the subscribers of both processes (the publisher included), only on its channel and prefix', async () => {
    const [a, b, elsewhere] = await Promise.all([
      redisInstance(TEST_REDIS_URL!, prefix, 'news'),
      redisInstance(TEST_REDIS_URL!, prefix, 'news'),
      redisInstance(TEST_REDIS_URL!, uniqueRedisPrefix(), 'news'),
    ]);
    instances.push(a, b, elsewhere);
    for (const instance of [a, b, elsewhere]) {
      expect(instance.pubsub.transport).toBe('redis');
      expect(instance.pubsub.live).toBe(true);
      expect(instance.resyncs).toBe(1);
    }
    const other: string[] = [];
    b.pubsub.subscribe('other', (message) => other.push(message));
    await a.pubsub.publish('news', 'hello');
    expect(await eventually(() => a.received.length === 1 && b.received.length === 1, 1000, 5)).toBe(true);
    expect([a.received, b.received]).toEqual([['hello'], ['hello']]);
    // A channel subscribed after start-up works too; the other prefix heard nothing.
    expect(await eventually(async () => (await a.pubsub.publish('other', 'late'), other.length > 0), 1000, 20)).toBe(
      true,
    );
    expect(other[0]).toBe('late');
    expect(elsewhere.received).toEqual([]);
  });
});

describeIf(hasRedisServer, 'needs redis-server (a throwaway Redis to stop and start)')(
  'PubSub over Redis when the connection drops',
  () => {
    const server = ThrowawayRedis.forSuite();
    let instance: Instance;

    beforeAll(async () => {
      instance = await redisInstance(server.url, uniqueRedisPrefix(), 'news');
    });
    afterAll(async () => {
      await instance?.close();
      await server.dispose();
    });

    it('is not live while Redis is gone, and resyncs once it is back', async () => {
      // Live once connected to the Redis just started (start-up waits 1.5 s for it, not always enough on a busy machine).
      expect(await eventually(() => instance.pubsub.live, 15_000)).toBe(true);
      expect(instance.resyncs).toBe(1);
      await server.kill();
      expect(await eventually(() => !instance.pubsub.live, 5000, 5)).toBe(true);
      await instance.pubsub.publish('news', 'lost'); // dropped: the command connection is down too
      await server.start();
      // ioredis reconnects at most 2 s apart.
      expect(await eventually(() => instance.pubsub.live, 10_000, 20)).toBe(true);
      expect(instance.resyncs).toBe(2);
      expect(
        await eventually(async () => (await instance.pubsub.publish('news', 'back'), instance.received.length > 0)),
      ).toBe(true);
      expect(instance.received[0]).toBe('back');
    });
  },
);

describeIf(Boolean(DATABASE_URL), 'needs DATABASE_URL')('PubSub over Postgres LISTEN/NOTIFY', () => {
  const channel = `test:${randomUUID().slice(0, 8)}`;
  const instances: Instance[] = [];
  const admin = new Client({ connectionString: DATABASE_URL });

  beforeAll(async () => {
    await admin.connect();
    instances.push(
      ...(await Promise.all([
        started(new PostgresPubSub(DATABASE_URL!), channel),
        started(new PostgresPubSub(DATABASE_URL!), channel),
      ])),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await admin.end();
  });

  it('delivers a message to the subscribers of both processes (the publisher included)', async () => {
    const [a, b] = instances;
    for (const instance of [a, b]) {
      expect(instance.pubsub.transport).toBe('postgres');
      expect(instance.pubsub.live).toBe(true);
      expect(instance.resyncs).toBe(1);
    }
    await b.pubsub.publish(channel, 'hello');
    expect(await eventually(() => a.received.length === 1 && b.received.length === 1, 1000, 5)).toBe(true);
    expect([a.received, b.received]).toEqual([['hello'], ['hello']]);
  });

  it('is not live while its listener connection is gone, reconnects and resyncs', async () => {
    const [a, b] = instances;
    // Ends both listener sessions (each one's last statement is its LISTEN), as a database restart would.
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`,
      [`LISTEN ${postgresChannelOf(channel)}`],
    );
    expect(rowCount).toBe(2);
    // The first reconnect comes 200 ms later: polled every millisecond, the gap is seen.
    expect(await eventually(() => !a.pubsub.live && !b.pubsub.live, 2000, 1)).toBe(true);
    expect(await eventually(() => a.pubsub.live && b.pubsub.live, 10_000, 20)).toBe(true);
    expect([a.resyncs, b.resyncs]).toEqual([2, 2]);
    await a.pubsub.publish(channel, 'back');
    expect(await eventually(() => a.received.length === 2 && b.received.length === 2, 1000, 5)).toBe(true);
    expect(b.received).toEqual(['hello', 'back']);
  });
});
