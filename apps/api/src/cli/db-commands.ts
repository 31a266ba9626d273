import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  acquireEmbeddedLock,
  databaseConfig,
  type DatabaseConfig,
  type DatabaseTarget,
  embeddedLockHolder,
  openForReading,
  restoreBackupFile,
  readDatabase,
  restoreRecords,
  tableSummaries,
  tablesInDependencyOrder,
  TransferError,
  writeBackupFile,
} from '@app/database';
import { ensureSecrets, type LoadedConfig, secretSettings, writeSecretFiles } from '@app/common';
import { MIGRATIONS } from '../migrations';
import { loadApiConfig } from '../startup-config';
import { type CliValues, type StandaloneCliCommand, UsageError } from './cli-command';
import { databaseAccess } from './database-access';

/**
 * The database commands (docs/operations.md "Backups" and "Moving to PostgreSQL"): a backup of the whole database
 * (embedded or DATABASE_URL; while the service runs too), its restore into an empty one, and the move of the
 * embedded database to a PostgreSQL server. The format and the checks are `@app/common`'s (database/transfer.ts).
 */

const STRING = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;

function note(message: string): void {
  process.stderr.write(`${message}\n`);
}

function fileOption(values: CliValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} FILE is required`);
  return resolve(value.trim());
}

/**
 * The config without the secrets check of the app's start (a restore into PostgreSQL may be what provides them):
 * every namespace, and the database settings.
 */
function cliConfig(): { loaded: LoadedConfig; config: DatabaseConfig } {
  const loaded = loadApiConfig(process.env);
  return { loaded, config: loaded.get(databaseConfig) };
}

/** The deployment's four secrets (embedded: DATA_DIR's files, made if missing; PostgreSQL: the environment). */
function deploymentSecrets(loaded: LoadedConfig, config: DatabaseConfig): Record<string, string> {
  if (config.usesEmbeddedDatabase) ensureSecrets(loaded, config);
  const secrets = secretSettings(loaded);
  const missing = secrets.filter(({ value }) => !value).map(({ name }) => name);
  if (missing.length > 0) {
    throw new UsageError(`--with-secrets takes them from the environment with DATABASE_URL: set ${missing.join(', ')}`);
  }
  return Object.fromEntries(secrets.map(({ name, value }) => [name, value as string]));
}

/** `NAME=value` lines for the secrets: printed in the answer, or written to a file of mode 600 (`--secrets-out`). */
function secretsAnswer(loaded: LoadedConfig, secrets: Record<string, string>, values: CliValues): object {
  const lines = secretSettings(loaded).map(({ name }) => `${name}=${secrets[name]}`);
  const out = values['secrets-out'];
  if (typeof out === 'string' && out.trim() !== '') {
    const path = resolve(out.trim());
    writeFileSync(path, `${lines.join('\n')}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
    note(`The four secrets are in ${path} (mode 600): set them in the PostgreSQL deployment's environment.`);
    return { secrets_file: path };
  }
  note('Set the four "environment" lines of the answer in the PostgreSQL deployment: without them no key, password ');
  note('or saved secret made so far works. They unlock every key: keep them out of logs and tickets.');
  return { environment: lines };
}

/** The embedded database's files, for a restore or a move: only with the service stopped (refused otherwise). */
function lockStoppedEmbedded(config: DatabaseConfig, doing: string): () => void {
  const holder = embeddedLockHolder(config.DATA_DIR);
  if (holder !== null) {
    throw new TransferError(
      `The service (process ${holder}) is running on the embedded database in ${config.DATA_DIR}: stop it before ` +
        `${doing}.`,
    );
  }
  return acquireEmbeddedLock(config.DATA_DIR);
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;

export const DB_COMMANDS: Record<string, StandaloneCliCommand> = {
  'db:backup': {
    usage: 'db:backup --out FILE [--with-secrets]',
    options: { out: STRING, 'with-secrets': FLAG },
    standalone: true,
    async run(values) {
      const out = fileOption(values, 'out');
      const { loaded, config } = cliConfig();
      const secrets = values['with-secrets'] === true ? deploymentSecrets(loaded, config) : undefined;
      const access = databaseAccess(config);
      try {
        const target: DatabaseTarget = {
          url: config.DATABASE_URL,
          embeddedDir: config.DATA_DIR,
          embeddedSocket: access.embeddedSocket,
        };
        const source = await openForReading(target);
        try {
          if (access.embeddedSocket) note("Backing up the running service's database through its socket");
          const kind = config.usesEmbeddedDatabase ? 'embedded' : 'postgresql';
          const { header, trailer } = await writeBackupFile(out, readDatabase(source.runner, kind, secrets, note));
          if (secrets) {
            note(`WARNING: ${out} holds the four secrets: it unlocks every API key and token and every saved member `);
            note('secret. Keep it (and each copy) as private as DATA_DIR itself.');
          }
          return {
            file: out,
            schema: header.schema.last_migration,
            with_secrets: secrets !== undefined,
            tables: Object.entries(trailer.tables).map(([table, summary]) => ({ table, ...summary })),
          };
        } finally {
          await source.close();
        }
      } finally {
        access.release();
      }
    },
  },

  'db:restore': {
    usage: 'db:restore --in FILE [--force] [--secrets-out FILE]',
    options: { in: STRING, force: FLAG, 'secrets-out': STRING },
    standalone: true,
    async run(values) {
      const input = fileOption(values, 'in');
      if (!existsSync(input)) throw new UsageError(`${input} does not exist`);
      const { loaded, config } = cliConfig();
      const release = config.usesEmbeddedDatabase ? lockStoppedEmbedded(config, 'restoring into it') : () => undefined;
      try {
        const target: DatabaseTarget = { url: config.DATABASE_URL, embeddedDir: config.DATA_DIR };
        const result = await restoreBackupFile(target, input, {
          migrations: MIGRATIONS,
          force: values.force === true,
          note,
        });
        const answer: Record<string, unknown> = {
          restored: input,
          schema: result.header.schema.last_migration,
          migrated: result.migrated,
          tables: result.tables,
        };
        const secrets = result.header.secrets;
        if (secrets && config.usesEmbeddedDatabase) {
          answer.secrets_written = writeSecretFiles(loaded, config.DATA_DIR, secrets);
          note(`The backup's four secrets are now the files in ${config.DATA_DIR}.`);
        } else if (secrets) {
          Object.assign(answer, secretsAnswer(loaded, secrets, values));
        } else if (result.header.source === 'embedded') {
          note(
            'The backup has no secrets (made without --with-secrets): the deployment must use the secrets of the ' +
              `one it came from (its DATA_DIR files ${secretSettings(loaded)
                .map(({ file }) => file)
                .join(', ')}, ` +
              'or the same environment variables), or no key, password or saved secret will work.',
          );
        }
        return answer;
      } finally {
        release();
      }
    },
  },

  'db:move': {
    usage: 'db:move --to POSTGRES_URL [--secrets-out FILE] [--force]',
    options: { to: STRING, 'secrets-out': STRING, force: FLAG },
    standalone: true,
    async run(values) {
      const to = typeof values.to === 'string' ? values.to.trim() : '';
      if (!POSTGRES_URL.test(to)) throw new UsageError('--to must be a postgres:// or postgresql:// URL');
      const { loaded, config } = cliConfig();
      if (!config.usesEmbeddedDatabase) {
        throw new UsageError(
          'db:move moves the embedded database (DATABASE_URL unset) to PostgreSQL; between PostgreSQL servers use ' +
            'db:backup and db:restore (or pg_dump)',
        );
      }
      if (!existsSync(join(config.DATA_DIR, 'pglite'))) {
        throw new TransferError(`No embedded database in ${config.DATA_DIR} (set DATA_DIR to the service's)`);
      }
      const release = lockStoppedEmbedded(config, 'moving it (writes made after a move would be left behind)');
      try {
        const secrets = deploymentSecrets(loaded, config);
        const started = Date.now();
        const source = await openForReading({ embeddedDir: config.DATA_DIR });
        try {
          note(`Moving the embedded database in ${config.DATA_DIR} to ${redactedUrl(to)}`);
          const expect = await tableSummaries(source.runner, await tablesInDependencyOrder(source.runner));
          const result = await restoreRecords(
            { url: to, embeddedDir: config.DATA_DIR },
            readDatabase(source.runner, 'embedded', undefined, note),
            {
              migrations: MIGRATIONS,
              force: values.force === true,
              note,
              expect,
            },
          );
          note(
            `Moved and verified ${result.tables.length} tables (${result.tables.reduce((n, t) => n + t.rows, 0)} ` +
              'rows): every count and checksum matches the embedded database.',
          );
          return {
            moved_to: redactedUrl(to),
            schema: result.header.schema.last_migration,
            migrated: result.migrated,
            seconds: Math.round((Date.now() - started) / 100) / 10,
            tables: result.tables,
            ...secretsAnswer(loaded, secrets, values),
          };
        } finally {
          await source.close();
        }
      } finally {
        release();
      }
    },
  },
};
