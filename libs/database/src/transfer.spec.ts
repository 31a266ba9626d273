import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { MigrationInterface } from 'typeorm';
import { FOUNDATION_MIGRATIONS } from './migrations';
import {
  BACKUP_FORMAT,
  type BackupHeader,
  dependencyOrder,
  migrationsOfBackup,
  readBackupFile,
  rowChecksum,
  TransferError,
} from './transfer';

function header(migrations: string[]): BackupHeader {
  return {
    format: BACKUP_FORMAT,
    format_version: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    source: 'embedded',
    server_version: '18',
    time_zone: 'UTC',
    schema: { last_migration: migrations[migrations.length - 1] ?? null, migrations },
    tables: ['members'],
  };
}

describe('backups: the copy order, the schema version, the file', () => {
  it('orders tables parents first from the foreign keys (by name among equals; a self-reference does not count)', () => {
    const edges = [
      { child: 'short_links', parent: 'members' },
      { child: 'credentials', parent: 'members' },
      { child: 'clicks', parent: 'short_links' },
      { child: 'members', parent: 'members' },
    ];
    expect(dependencyOrder(['clicks', 'credentials', 'short_links', 'members', 'bans'], edges)).toEqual([
      'bans',
      'members',
      'credentials',
      'short_links',
      'clicks',
    ]);
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/form a cycle/);
  });

  it("takes a backup whose migrations are the first of the code's, and refuses one newer than the code", () => {
    const later = ['Later1795500000000', 'Latest1795600000000'].map(
      (name) => ({ [name]: class {} })[name] as unknown as new () => MigrationInterface,
    );
    const MIGRATIONS = [...FOUNDATION_MIGRATIONS, ...later];
    const names = MIGRATIONS.map((migration) => migration.name);
    expect(migrationsOfBackup(header(names.slice(0, 3)), MIGRATIONS)).toBe(3);
    expect(migrationsOfBackup(header(names), MIGRATIONS)).toBe(names.length);
    expect(() => migrationsOfBackup(header([...names, 'Earnings9999999999999']), MIGRATIONS)).toThrow(
      /newer than this code \(it has Earnings9999999999999/,
    );
    expect(() => migrationsOfBackup(header([names[1], names[0]]), MIGRATIONS)).toThrow(TransferError);
  });

  it('refuses a file that is not a backup, and one cut short', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-backup-spec-'));
    const read = async (path: string) => {
      for await (const record of readBackupFile(path)) void record;
    };
    try {
      const notBackup = join(dir, 'other.gz');
      writeFileSync(notBackup, gzipSync('{"hello":1}\n'));
      await expect(read(notBackup)).rejects.toThrow(/not a linkconv-backup file/);
      const cut = join(dir, 'cut.gz');
      const row = '{"id":"m1"}';
      writeFileSync(cut, gzipSync(`${JSON.stringify(header(['x']))}\n0\t${row}\n`));
      await expect(read(cut)).rejects.toThrow(/cut short/);
      const whole = join(dir, 'whole.gz');
      const trailer = {
        end: true,
        tables: { members: { rows: 1, checksum: String(rowChecksum(row)) } },
        sequences: {},
      };
      writeFileSync(whole, gzipSync(`${JSON.stringify(header(['x']))}\n0\t${row}\n${JSON.stringify(trailer)}\n`));
      const kinds: string[] = [];
      for await (const record of readBackupFile(whole)) kinds.push(record.kind);
      expect(kinds).toEqual(['header', 'rows', 'trailer']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
