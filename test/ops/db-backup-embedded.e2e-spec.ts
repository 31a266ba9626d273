import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MIGRATIONS } from '../../apps/api/src/migrations';
import {
  dataSourceOptions,
  initializeWithMigrations,
  openForReading,
  readDatabase,
  restoreBackupFile,
  writeBackupFile,
} from '@app/database';

/**
 * A backup of an embedded database restored into another embedded database (no server needed: runs in every
 * run), through the functions the db commands use; the same on PostgreSQL is test/ops/db-move.e2e-spec.ts.
 */
describe('db backup and restore on the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'linkconv-backup-embedded-'));
  const source = join(root, 'source');
  const target = join(root, 'target');
  const file = join(root, 'backup.gz');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function count(dir: string, sql: string): Promise<number> {
    const db = await openForReading({ embeddedDir: dir });
    try {
      return Number((await db.runner.query(sql))[0].n);
    } finally {
      await db.close();
    }
  }

  it('restores every row into an empty database, sequences past the copied ids, and refuses a non-empty one', async () => {
    const made = await initializeWithMigrations(dataSourceOptions({ embeddedDir: source }, [], MIGRATIONS));
    try {
      const [{ id }] = await made.query(
        `INSERT INTO members (email, password_hash, marketplace_settings) VALUES ('a@example.com', 'h', '{"x": 1.50}') RETURNING id`,
      );
      await made.query(
        `INSERT INTO short_links (member_id, domain, code, target) SELECT $1, 'go.test', 'c' || g, 'https://shopee.vn/product/1/' || g FROM generate_series(1, 30) g`,
        [id],
      );
      await made.query(
        `INSERT INTO short_link_clicks (short_link_id, day, clicks, bot_clicks) SELECT id, date '2026-01-02', 7, 1 FROM short_links`,
      );
      await made.query(`DELETE FROM short_links WHERE code = 'c30'`);
    } finally {
      await made.destroy();
    }

    const db = await openForReading({ embeddedDir: source });
    let written;
    try {
      written = await writeBackupFile(file, readDatabase(db.runner, 'embedded'));
    } finally {
      await db.close();
    }
    expect(written.trailer.tables.short_links.rows).toBe(29);
    expect(written.trailer.tables.short_link_clicks.rows).toBe(29);

    const restored = await restoreBackupFile({ embeddedDir: target }, file, { migrations: MIGRATIONS });
    expect(restored.tables.find((t) => t.table === 'short_links')).toEqual(
      expect.objectContaining(written.trailer.tables.short_links),
    );
    expect(await count(target, `SELECT sum(clicks)::int AS n FROM short_link_clicks`)).toBe(29 * 7);
    expect(
      await count(target, `SELECT count(*)::int AS n FROM members WHERE marketplace_settings = '{"x": 1.50}'`),
    ).toBe(1);
    // The next id is past the deleted link's too (the sequence's saved value, not only the largest id).
    expect(
      await count(
        target,
        `INSERT INTO short_links (member_id, domain, code, target) SELECT id, 'go.test', 'new', 'https://shopee.vn/product/2/1' FROM members RETURNING id AS n`,
      ),
    ).toBe(31);

    await expect(restoreBackupFile({ embeddedDir: target }, file, { migrations: MIGRATIONS })).rejects.toThrow(
      /not empty \(rows in .*members.*\).*--force/,
    );
  }, 300_000);

  it('with --force replaces the data, and keeps nothing when a count or checksum differs', async () => {
    const wrong = { members: { rows: 1, checksum: '12345' } };
    await expect(
      restoreBackupFile({ embeddedDir: target }, file, {
        migrations: MIGRATIONS,
        force: true,
        expect: wrong,
      }),
    ).rejects.toThrow(
      /differ, nothing was kept: members: 1 rows \(checksum \d+\), the source database has 1 \(checksum 12345\)/,
    );
    expect(await count(target, `SELECT count(*)::int AS n FROM members`)).toBe(0);
  }, 300_000);

  it('checks the whole file before it touches the target: a cut or changed file leaves the target as it was', async () => {
    await restoreBackupFile({ embeddedDir: target }, file, { migrations: MIGRATIONS, force: true });
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const row = lines.findIndex((line) => line.includes('"code":"c7"'));
    const variants = {
      // The end record kept, one row's value changed.
      changed: lines.map((line, i) => (i === row ? line.replace('"code":"c7"', '"code":"c8"') : line)),
      // Cut before its last rows and end record, as a copy that stopped.
      cut: lines.slice(0, row + 1),
      // A row dropped, the end record kept.
      dropped: lines.filter((_, i) => i !== row),
    };
    for (const [name, text] of Object.entries(variants)) {
      const bad = join(root, `${name}.gz`);
      writeFileSync(bad, gzipSync(text.join('\n')));
      await expect(
        restoreBackupFile({ embeddedDir: target }, bad, { migrations: MIGRATIONS, force: true }),
      ).rejects.toThrow(/cut short|does not match its own counts and checksums/);
      expect([name, await count(target, `SELECT count(*)::int AS n FROM short_links`)]).toEqual([name, 29]);
      expect([name, await count(target, `SELECT count(*)::int AS n FROM members`)]).toEqual([name, 1]);
    }
  }, 300_000);
});
