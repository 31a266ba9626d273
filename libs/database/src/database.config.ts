import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { configNamespace, emptyToUndefined } from '@app/common';

/** Settings of the database: PostgreSQL, or the embedded PGlite database and the generated secrets' folder. */
export class DatabaseConfig {
  /** `postgres://…`; unset = embedded PGlite database under `DATA_DIR`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  /**
   * Embedded database and generated secrets (`memory://` = in memory, for tests; `memory://<file>` = in memory from
   * that PGlite dump of a data folder, the tests' database migrated once per run).
   */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  get usesEmbeddedDatabase(): boolean {
    return !this.DATABASE_URL;
  }
}

export const databaseConfig = configNamespace('database', DatabaseConfig);
