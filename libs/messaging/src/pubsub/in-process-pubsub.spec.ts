import { InProcessPubSub } from './in-process-pubsub';
import { postgresChannelOf } from './postgres-pubsub';

describe('InProcessPubSub', () => {
  it('is always live and says so', () => {
    const pubsub = new InProcessPubSub();
    expect(pubsub.transport).toBe('in-process');
    expect(pubsub.live).toBe(true);
  });

  it('delivers a message to every subscriber of its channel before publish returns, and to no other', async () => {
    const pubsub = new InProcessPubSub();
    const seen: string[] = [];
    pubsub.subscribe('a', (message) => seen.push(`first:${message}`));
    pubsub.subscribe('a', (message) => seen.push(`second:${message}`));
    pubsub.subscribe('b', (message) => seen.push(`b:${message}`));
    const published = pubsub.publish('a', 'hello');
    expect(seen).toEqual(['first:hello', 'second:hello']);
    await expect(published).resolves.toBeUndefined();
  });

  it('publishes to nobody without a subscriber, and keeps instances apart', async () => {
    const one = new InProcessPubSub();
    const other = new InProcessPubSub();
    const seen: string[] = [];
    other.subscribe('a', (message) => seen.push(message));
    await one.publish('a', 'not for the other');
    await other.publish('nobody', 'lost');
    expect(seen).toEqual([]);
  });

  it('keeps delivering to the other handlers when one throws', async () => {
    const pubsub = new InProcessPubSub();
    const seen: string[] = [];
    pubsub.subscribe('a', () => {
      throw new Error('broken handler');
    });
    pubsub.subscribe('a', (message) => seen.push(message));
    jest.spyOn((pubsub as unknown as { logger: { error: () => void } }).logger, 'error').mockImplementation(() => {});
    await expect(pubsub.publish('a', 'still delivered')).resolves.toBeUndefined();
    expect(seen).toEqual(['still delivered']);
  });

  it('never calls the resync handlers (it cannot miss a message)', async () => {
    const pubsub = new InProcessPubSub();
    const resync = jest.fn();
    pubsub.onResync(resync);
    pubsub.subscribe('a', () => undefined);
    await pubsub.publish('a', 'x');
    expect(resync).not.toHaveBeenCalled();
  });
});

describe('postgresChannelOf', () => {
  it('makes a channel name a lower-case NOTIFY identifier of at most 63 characters', () => {
    expect(postgresChannelOf('credentials:invalidate')).toBe('linkconv_credentials_invalidate');
    expect(postgresChannelOf('Domains')).toBe('linkconv_domains');
    expect(postgresChannelOf('a-b c;DROP')).toBe('linkconv_a_b_c_drop');
    const long = postgresChannelOf('x'.repeat(100));
    expect(long).toHaveLength(63);
    expect(long).toMatch(/^[a-z0-9_]+$/);
  });
});
