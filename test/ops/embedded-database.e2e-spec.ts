import type { EventEmitter } from 'node:events';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@app/database';
import { overListenerLimit } from '../support/listener-limit';

/**
 * The embedded database (PGlite in memory, no server needed: runs in every run) under concurrent query runners, as
 * concurrent requests use it.
 */
describe('the embedded database under concurrent queries', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await new DataSource(dataSourceOptions({ embeddedDir: 'memory://' }, [])).initialize();
  });

  afterAll(() => dataSource.destroy());

  it('holds 40 query runners at once under the listener limit, and every runner lets go of the pool', async () => {
    const pool = (dataSource.driver as unknown as { master: EventEmitter }).master;
    const before = pool.listenerCount('error');
    const runners = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const runner = dataSource.createQueryRunner();
        await runner.connect();
        return runner;
      }),
    );
    expect(pool.listenerCount('error')).toBe(before + 40);
    expect(overListenerLimit(pool, 'error')).toBe(false);
    const answers = await Promise.all(runners.map((runner, i) => runner.query('SELECT $1::int AS n', [i])));
    expect(answers.map((rows: { n: number }[]) => rows[0].n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    await Promise.all(runners.map((runner) => runner.release()));
    expect(pool.listenerCount('error')).toBe(before);
  });
});
