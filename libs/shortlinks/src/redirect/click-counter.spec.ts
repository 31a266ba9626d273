import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock, commonConfig, loadConfig } from '@app/common';
import { shortLinksConfig } from '../shortlinks.config';
import type { DataSource } from 'typeorm';
import { ClickCounter, MAX_PENDING_COUNTERS } from './click-counter';

/**
 * The in-memory side of the click counters: the pending cap (what is dropped, the counter, the log line) and
 * one statement per flush whatever the number of links. What the statement writes is tested on PostgreSQL and
 * PGlite by the e2e tests (test/shortlinks/short-links, test/shortlinks/click-flush, test/shortlinks/redirector).
 */
describe('ClickCounter', () => {
  const config = loadConfig(
    { CREDENTIALS_SECRET: 'click-counter-spec-secret-0123456789abcdef', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    [commonConfig, shortLinksConfig],
  );
  let statements: unknown[][][];
  let fail: boolean;
  const db = {
    query: async (_sql: string, params: unknown[][]) => {
      if (fail) throw new Error('connection refused');
      statements.push(params);
      return [];
    },
  } as unknown as DataSource;

  beforeEach(() => {
    statements = [];
    fail = false;
  });
  afterEach(() => jest.restoreAllMocks());
  const newCounter = () =>
    new ClickCounter(db, new Clock(), config.get(shortLinksConfig), config.get(commonConfig), new SchedulerRegistry());

  it('holds at most MAX_PENDING_COUNTERS counters: a click on a new one beyond is dropped, counted and logged', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const counter = newCounter();
    fail = true;
    for (let id = 1; id <= MAX_PENDING_COUNTERS; id += 1) counter.record(String(id), false);
    await counter.flush(); // the database is down: every counter is kept
    expect(counter.pendingClicks).toBe(MAX_PENDING_COUNTERS);
    counter.record(String(MAX_PENDING_COUNTERS + 1), false); // a new counter: dropped
    counter.record(String(MAX_PENDING_COUNTERS + 2), true); // a new one, a bot: dropped
    counter.record('1', false); // one held: still counted
    expect(counter.droppedClicks).toBe(2);
    expect(counter.pendingClicks).toBe(MAX_PENDING_COUNTERS + 1);
    expect(error).not.toHaveBeenCalled();

    fail = false;
    await counter.flush();
    expect(error).toHaveBeenCalledWith(
      { dropped_clicks: 2, dropped_clicks_total: 2, max_pending: MAX_PENDING_COUNTERS },
      `2 clicks were dropped: ${MAX_PENDING_COUNTERS} click counters were waiting to be written`,
    );
    // Everything held is written, in one statement, in link order; the dropped links are not in it.
    expect(statements).toHaveLength(1);
    const [ids, , clicks] = statements[0];
    expect(ids).toHaveLength(MAX_PENDING_COUNTERS);
    expect(ids.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(ids).not.toContain(String(MAX_PENDING_COUNTERS + 1));
    expect(clicks[0]).toBe(2);
    expect(counter.pendingClicks).toBe(0);
    expect(counter.lastFlush).toMatchObject({ rows: MAX_PENDING_COUNTERS, clicks: MAX_PENDING_COUNTERS + 1 });

    // Room again: new counters are taken; the total of dropped clicks stays readable, the line is not repeated.
    counter.record(String(MAX_PENDING_COUNTERS + 1), false);
    expect(counter.pendingClicks).toBe(1);
    await counter.flush();
    expect(counter.droppedClicks).toBe(2);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('writes any number of links in one statement per flush, and logs its size and duration', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const counter = newCounter();
    for (const links of [1, 10, 50_000]) {
      statements = [];
      for (let id = 1; id <= links; id += 1) counter.record(String(id), id % 2 === 0);
      await counter.flush();
      expect(statements).toHaveLength(1);
      expect(statements[0][0]).toHaveLength(links);
      expect(log).toHaveBeenLastCalledWith(
        { rows: links, clicks: links, ms: expect.any(Number) },
        'Click counters written',
      );
    }
    // Nothing pending: no statement.
    statements = [];
    await counter.flush();
    expect(statements).toHaveLength(0);
  });
});
