import { SchedulerRegistry } from '@nestjs/schedule';
import type { Clock } from '@app/common';
import type { MembersService } from '@app/members';
import type { DataSource } from 'typeorm';
import type { UsageConfig } from './usage.config';
import { UsageService } from './usage.service';

const MEMBER = '6f1d2c3b-0000-4000-8000-000000000001';

/** The member_usage rows one flush writes: `[member, day, calls]`. */
async function written(at: string[]): Promise<Array<[string, string, number]>> {
  let now = new Date(at[0]);
  const queries: Array<{ sql: string; values: unknown[] }> = [];
  const db = { query: async (sql: string, values: unknown[]) => void queries.push({ sql, values }) };
  const members = { findByIds: async (ids: string[]) => ids.map((id) => ({ id })) };
  const usage = new UsageService(
    db as unknown as DataSource,
    members as unknown as MembersService,
    { now: () => now } as Clock,
    { USAGE_FLUSH_INTERVAL_MS: 60_000 } as UsageConfig,
    new SchedulerRegistry(),
  );
  for (const time of at) {
    now = new Date(time);
    usage.record(MEMBER, 5);
  }
  await usage.flush();
  const insert = queries.find((query) => query.sql.includes('member_usage'))!;
  const values = insert.values.slice(0, -1);
  const rows: Array<[string, string, number]> = [];
  for (let i = 0; i < values.length; i += 3) rows.push(values.slice(i, i + 3) as [string, string, number]);
  return rows;
}

describe('UsageService', () => {
  it('counts each call on its UTC day, across midnight and back to a day seen before', async () => {
    expect(
      await written([
        '2026-11-28T23:59:59.999Z',
        '2026-11-28T10:00:00.000Z',
        '2026-11-29T00:00:00.000Z',
        '2026-11-29T23:00:00.000+07:00',
        '2026-11-28T23:00:00.000Z',
      ]),
    ).toEqual([
      [MEMBER, '2026-11-28', 3],
      [MEMBER, '2026-11-29', 2],
    ]);
  });
});
