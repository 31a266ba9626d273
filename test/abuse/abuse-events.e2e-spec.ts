import { AbuseEvent, AbuseEvents } from '@app/abuse';
import { randomUUID } from 'node:crypto';
import { emptyTables, testAppForSuite, usingPostgres } from '../support/test-app';

/** The abuse log's writer against the real database (DATABASE_URL, else the embedded PGlite one). */
describe(`abuse events written to ${usingPostgres ? 'Postgres' : 'the embedded database'}`, () => {
  const t = testAppForSuite({ ABUSE_EVENTS_FLUSH_INTERVAL_MS: '60000' }, { captureLogs: true });

  async function stored(run: string): Promise<AbuseEvent[]> {
    return t.dataSource
      .createQueryBuilder(AbuseEvent, 'e')
      .where(`e.detail->>'run' = :run`, { run })
      .orderBy('e.id', 'ASC')
      .getMany();
  }

  it('skips a row Postgres rejects and writes the others of its batch, and later batches', async () => {
    const events = t.app.get(AbuseEvents);
    const run = randomUUID();
    const marker = `poison-${randomUUID()}`;
    for (let i = 0; i < 7; i++) {
      // The fourth row names a member id that is no uuid: Postgres refuses it (22P02), and it alone.
      const memberId = i === 3 ? marker : null;
      events.record({ type: 'rate_limited', ip: '198.51.100.20', memberId, detail: { run, i } });
    }
    expect(await events.flush()).toBe(true);
    expect(events.pending).toBe(0);
    expect((await stored(run)).map((row) => row.detail.i)).toEqual([0, 1, 2, 4, 5, 6]);

    // Nothing is left behind to block the next batch.
    events.record({ type: 'rate_limited', ip: '198.51.100.20', detail: { run, i: 7 } });
    expect(await events.flush()).toBe(true);
    expect((await stored(run)).map((row) => row.detail.i)).toEqual([0, 1, 2, 4, 5, 6, 7]);

    // Logged with its type and SQLSTATE only: never the row's content (nor the database's message quoting it).
    expect(t.logs).toMatch(/Skipped 1 abuse events the database rejected: rate_limited \(SQLSTATE 22P02\)/);
    expect(t.logs).not.toContain(marker);
  });

  it('drops NUL characters from every string of an event (jsonb refuses \\u0000), so such events are kept', async () => {
    const events = t.app.get(AbuseEvents);
    const run = randomUUID();
    const token = 'tok_' + 'N'.repeat(40);
    const memberId = randomUUID();
    events.record({
      type: 'auth_failed',
      ipKey: '203.0.113.\u000055',
      memberId: `${memberId.slice(0, 8)}\u0000${memberId.slice(8)}`,
      keyPreview: 'sk_AbCd…wXyZ',
      detail: {
        run,
        'user\u0000_agent': 'curl\u0000/8.5',
        path: '/api/\u0000convert',
        nested: { list: ['a\u0000b', { deep: '\u0000' }] },
        note: `tok_${token.slice(4, 10)}\u0000${token.slice(10)}`,
      },
    });
    expect(await events.flush()).toBe(true);
    const [row] = await stored(run);
    expect(row).toMatchObject({
      type: 'auth_failed',
      ip: '203.0.113.55',
      memberId,
      keyPreview: 'sk_AbCd…wXyZ',
      detail: {
        run,
        user_agent: 'curl/8.5',
        path: '/api/convert',
        nested: { list: ['ab', { deep: '' }] },
        // A NUL cannot split a token out of the masking.
        note: '[redacted]',
      },
    });
    expect(JSON.stringify(row)).not.toContain('\\u0000');
  });

  it('refuses TRUNCATE from an ordinary connection; only the superuser cleanup (triggers skipped for one transaction) empties it', async () => {
    const events = t.app.get(AbuseEvents);
    events.record({ type: 'login_failed', ip: '198.51.100.21', detail: { run: randomUUID() } });
    await events.flush();
    const count = async () => Number((await t.dataSource.query('SELECT count(*) AS n FROM abuse_events'))[0].n);
    expect(await count()).toBeGreaterThan(0);
    await expect(t.dataSource.query('TRUNCATE abuse_events')).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query('TRUNCATE abuse_events CASCADE')).rejects.toThrow(/append-only/);
    expect(await count()).toBeGreaterThan(0);

    await emptyTables(t.dataSource);
    expect(await count()).toBe(0);
    // The setting was local to that transaction: the pooled connections refuse TRUNCATE again.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () => t.dataSource.query('SHOW session_replication_role')),
    );
    expect(settings.map((rows) => rows[0].session_replication_role)).toEqual(Array(5).fill('origin'));
    await expect(t.dataSource.query('TRUNCATE abuse_events')).rejects.toThrow(/append-only/);
  });
});
