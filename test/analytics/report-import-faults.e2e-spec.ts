import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OrderImportService } from '@app/analytics';
import { describeIf } from '../support/skip';
import { createTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/api-process';
import { DATABASE_CONNECT_TIMEOUT_MS, postgresBinDir, ThrowawayPostgres } from '../support/throwaway-servers';

const VN = readFileSync(join(__dirname, '..', 'fixtures', 'reports', 'shopee-vn.csv'), 'utf8');

/** An applied import whose database crashes under it: 503 (try again), never 500, and nothing counted twice. */
describeIf(postgresBinDir() !== null, 'PostgreSQL server binaries (/usr/lib/postgresql/*/bin)')(
  'A report import while PostgreSQL restarts',
  () => {
    const pg = ThrowawayPostgres.forSuite(180_000);
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ DATABASE_URL: pg.url });
    }, 180_000);
    afterAll(async () => {
      // The app may fail to close on the database this test restarted.
      await t?.close().catch(() => undefined);
      await pg.dispose();
    });

    it('answers 503 when the database goes away during the apply, and the same file applies whole afterwards', async () => {
      const member = await t.createMember();
      // The database crashes as the first batch is written.
      const service = t.app.get(OrderImportService) as unknown as { write: (...args: unknown[]) => Promise<void> };
      const write = service.write.bind(service);
      const spy = jest.spyOn(service, 'write').mockImplementation(async (...args: unknown[]) => {
        spy.mockRestore();
        await pg.crash();
        return write(...args);
      });
      const res = await t.importReport(member, '?apply=true', VN);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(res.headers['retry-after']).toBeDefined();

      await pg.start();
      // The pool's connections from before the crash are dropped as they fail: answers are 503 until then.
      let again = await t.importReport(member, '?apply=true', VN);
      await eventually(async () => {
        if (again.status === 503) again = await t.importReport(member, '?apply=true', VN);
        return again.status !== 503;
      }, DATABASE_CONNECT_TIMEOUT_MS * 4);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ applied: true, new: 6, updated: 0, skipped: 3 });
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM order_lines WHERE member_id = $1`, [
        member.member.id,
      ]);
      expect(n).toBe(6);
    }, 120_000);
  },
);
