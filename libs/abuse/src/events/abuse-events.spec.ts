import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '@app/common';
import { loadNamespace } from '@app/common/testing';
import { abuseConfig } from '../abuse.config';
import { AbuseEvents, AbuseEventWriter, EVENT_BATCH_SIZE, EventRow, sanitizeDetail } from './abuse-events.service';

class FakeWriter extends AbuseEventWriter {
  readonly written: EventRow[] = [];
  failuresLeft = 0;
  available = true;
  batches: number[] = [];
  /** Rows whose `detail.poison` is set are refused the way Postgres refuses a bad value. */
  poison = Object.assign(new Error('invalid input syntax'), { code: '22P02' });
  /** Fail (as unreachable) once this many more inserts have been tried. */
  unreachableAfter = Infinity;

  async insert(rows: EventRow[]): Promise<void> {
    if (this.unreachableAfter-- <= 0) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('connection refused');
    }
    if (rows.some((row) => row.detail.poison)) throw this.poison;
    this.batches.push(rows.length);
    this.written.push(...rows);
  }
}

function setup() {
  const writer = new FakeWriter();
  const scheduler = new SchedulerRegistry();
  const events = new AbuseEvents(
    writer,
    new Clock(),
    loadNamespace(abuseConfig, { ABUSE_EVENTS_FLUSH_INTERVAL_MS: '60000' }),
    scheduler,
  );
  return { writer, events, scheduler };
}

describe('AbuseEvents', () => {
  it('records without touching the database, then writes on flush', async () => {
    const { writer, events } = setup();
    events.record({ type: 'auth_failed', ip: '::ffff:203.0.113.9', keyPreview: 'sk_AbCd…wXyZ' });
    expect(writer.written).toHaveLength(0);
    expect(events.pending).toBe(1);
    expect(await events.flush()).toBe(true);
    expect(writer.written).toEqual([
      expect.objectContaining({ type: 'auth_failed', ip: '203.0.113.9', keyPreview: 'sk_AbCd…wXyZ', memberId: null }),
    ]);
  });

  it('keeps events when a write fails and writes each exactly once later', async () => {
    const { writer, events } = setup();
    for (let i = 0; i < 10; i++) events.record({ type: 'rate_limited', ip: '198.51.100.1', detail: { i } });
    writer.failuresLeft = 1;
    expect(await events.flush()).toBe(false);
    expect(events.pending).toBe(10);
    events.record({ type: 'rate_limited', ip: '198.51.100.1', detail: { i: 10 } });
    expect(await events.flush()).toBe(true);
    expect(events.pending).toBe(0);
    expect(writer.written.map((row) => row.detail.i)).toEqual(Array.from({ length: 11 }, (_, i) => i));
  });

  it('writes full batches at once, in order, retrying a failed one', async () => {
    const { writer, events } = setup();
    writer.failuresLeft = 1;
    // The 500th event starts a write (which fails); the rest wait for the next flush.
    for (let i = 0; i < 1300; i++) events.record({ type: 'rate_limited', ip: '198.51.100.1', detail: { i } });
    expect(await events.flush()).toBe(true);
    expect(writer.written.map((row) => row.detail.i)).toEqual(Array.from({ length: 1300 }, (_, i) => i));
    expect(Math.max(...writer.batches)).toBeLessThanOrEqual(EVENT_BATCH_SIZE);
  });

  it('skips only the rows the database rejects; an outage while splitting keeps the rest, each written once', async () => {
    const { writer, events } = setup();
    for (let i = 0; i < 40; i++) {
      events.record({ type: 'rate_limited', ip: '198.51.100.1', detail: { i, poison: i === 5 || i === 30 } });
    }
    // The batch, then halves of it down to row 5 (skipped), then the rest of the first half: then the database
    // goes away, before the second half (with row 30) is written.
    writer.unreachableAfter = 12;
    expect(await events.flush()).toBe(false);
    expect(writer.written.map((row) => row.detail.i)).toEqual([
      0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(events.pending).toBe(20);
    writer.unreachableAfter = Infinity;
    expect(await events.flush()).toBe(true);
    expect(events.pending).toBe(0);
    const expected = Array.from({ length: 40 }, (_, i) => i).filter((i) => i !== 5 && i !== 30);
    expect(writer.written.map((row) => row.detail.i)).toEqual(expected);
  });

  it('retries a batch whole when the error says the database is unreachable (57P01, admin shutdown)', async () => {
    const { writer, events } = setup();
    events.record({ type: 'rate_limited', ip: '198.51.100.1', detail: { i: 0 } });
    writer.poison = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    events.record({ type: 'rate_limited', ip: '198.51.100.1', detail: { i: 1, poison: true } });
    expect(await events.flush()).toBe(false);
    expect(events.pending).toBe(2);
    expect(writer.written).toHaveLength(0);
  });

  it('writes what is left when the app shuts down', async () => {
    const { writer, events, scheduler } = setup();
    events.onApplicationBootstrap();
    expect(scheduler.getIntervals()).toEqual(['abuse-events-flush']);
    events.record({ type: 'login_failed', ip: '2001:db8::1' });
    await events.beforeApplicationShutdown();
    expect(scheduler.getIntervals()).toEqual([]);
    expect(writer.written).toHaveLength(1);
    expect(writer.written[0]).toMatchObject({ ip: '2001:db8::/64', detail: { address: '2001:db8::1' } });
  });

  it('never stores a key or a token, only a preview of the valid shape', async () => {
    const { writer, events } = setup();
    const key = 'sk_' + 'A'.repeat(32);
    const token = 'tok_' + 'b'.repeat(40);
    events.record({ type: 'auth_failed', keyPreview: key, detail: { note: `${key} ${token}`, nested: [{ token }] } });
    events.record({ type: 'auth_failed', keyPreview: '<script>' });
    await events.flush();
    const stored = JSON.stringify(writer.written);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(token);
    expect(writer.written.map((row) => row.keyPreview)).toEqual([null, null]);
  });

  it('trims long and deep details', () => {
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    expect(sanitizeDetail(deep)).toEqual({ a: { b: { c: { d: '[truncated]' } } } });
    expect((sanitizeDetail({ s: 'x'.repeat(2000) }) as { s: string }).s).toHaveLength(500);
  });
});
