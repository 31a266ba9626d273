import { Logger } from '@nestjs/common';
import { ClickCounter } from '@app/shortlinks/testing';
import { eventually } from '../support/api-process';
import { testAppForSuite } from '../support/test-app';
import { DATABASE_CONNECT_TIMEOUT_MS, postgresBinDir, ThrowawayPostgres } from '../support/throwaway-servers';
import { describeIf } from '../support/skip';

const BROWSER = false;
const BOT = true;
const SHUTDOWN_TIMEOUT_MS = 3000;

/**
 * The click counters' write at shutdown against a PostgreSQL of the test's own that it stops: a failed write is
 * tried again within SHUTDOWN_TIMEOUT_MS, and what still cannot be written is logged, never dropped silently.
 */
describeIf(
  Boolean(postgresBinDir()),
  'needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin) to start a throwaway server',
)('click counters at shutdown, the database down', () => {
  const pg = ThrowawayPostgres.forSuite(120_000);
  const t = testAppForSuite(
    () => ({
      DATABASE_URL: pg.url,
      CLICK_FLUSH_INTERVAL_MS: '300000',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    }),
    { timeout: 120_000 },
  );
  t.afterClose(() => pg.dispose());
  let linkId: string;
  let counter: ClickCounter;

  beforeAll(async () => {
    const { member } = await t.createMember();
    const [row] = await t.dataSource.query(
      `INSERT INTO short_links (member_id, domain, code, target) VALUES ($1, '', 'Flush34', 'https://shopee.vn/product/1/2') RETURNING id`,
      [member.id],
    );
    linkId = String(row.id);
    counter = t.app.get(ClickCounter);
  }, 120_000);

  afterEach(() => jest.restoreAllMocks());

  const totals = async () =>
    (
      await t.dataSource.query(
        'SELECT COALESCE(t.clicks, 0)::int AS clicks, COALESCE(t.bot_clicks, 0)::int AS bot_clicks FROM short_links s LEFT JOIN (SELECT short_link_id, SUM(clicks) AS clicks, SUM(bot_clicks) AS bot_clicks FROM short_link_clicks GROUP BY short_link_id) t ON t.short_link_id = s.id WHERE s.id = $1',
        [linkId],
      )
    )[0];

  it('tries again when the write fails, and writes the clicks once the database is back', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const error = jest.spyOn(Logger.prototype, 'error');
    for (let i = 0; i < 3; i += 1) counter.record(linkId, BROWSER);
    counter.record(linkId, BOT);
    await pg.crash();
    const failedWrite = () =>
      warn.mock.calls.some(([message]) => /Could not write click counters/.test(String(message)));
    const stopping = counter.onApplicationShutdown();
    // The database comes back once a write has failed (not after a guessed pause).
    expect(await eventually(failedWrite, SHUTDOWN_TIMEOUT_MS, 10)).toBe(true);
    await pg.start();
    await stopping;
    expect(error).not.toHaveBeenCalled();
    expect(counter.pendingClicks).toBe(0);
    expect(await totals()).toEqual({ clicks: 3, bot_clicks: 1 });
  }, 60_000);

  it('logs the clicks it could not write within the shutdown time-out (ids and counts, no connection string)', async () => {
    const error = jest.spyOn(Logger.prototype, 'error');
    // The day the counter files the clicks under: the app's clock, not the wall clock.
    const day = t.clock.now().toISOString().slice(0, 10);
    for (let i = 0; i < 2; i += 1) counter.record(linkId, BROWSER);
    counter.record(linkId, BOT);
    await pg.crash();
    const started = Date.now();
    await counter.onApplicationShutdown();
    // Within the time-out, plus the one write that may have started just before it (the pool's connect time-out).
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_TIMEOUT_MS + DATABASE_CONNECT_TIMEOUT_MS);
    const lost = error.mock.calls.find(([, message]) => /clicks are lost/.test(String(message)));
    expect(lost).toBeDefined();
    expect(lost![0]).toMatchObject({
      lost_clicks: 2,
      lost_bot_clicks: 1,
      counters: [{ link_id: linkId, day, clicks: 2, bot_clicks: 1 }],
    });
    expect(JSON.stringify(error.mock.calls)).not.toContain(pg.url);
    await pg.start();
    // Given up: nothing written twice, nothing left to write at the next shutdown.
    expect(counter.pendingClicks).toBe(0);
    expect(await totals()).toEqual({ clicks: 3, bot_clicks: 1 });
  }, 60_000);
});
