import { IsString, MinLength } from 'class-validator';
import { configNamespace, matches, optional, setting, settingsTable } from '@app/common';

/** Settings of the database: PostgreSQL, or the embedded PGlite database and the generated secrets' folder. */
export class DatabaseConfig extends settingsTable({
  /** `postgres://…`; unset = embedded PGlite database under `DATA_DIR`. */
  DATABASE_URL: optional(matches(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')),

  /**
   * Embedded database and generated secrets (`memory://` = in memory, for tests; `memory://<file>` = in memory from
   * that PGlite dump of a data folder, the tests' database migrated once per run).
   */
  DATA_DIR: setting<string>(IsString(), MinLength(1)).default('./data'),
}) {
  get usesEmbeddedDatabase(): boolean {
    return !this.DATABASE_URL;
  }
}

export const databaseConfig = configNamespace('database', DatabaseConfig);
