import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@app/database';
import { ENTITIES } from './apps/api/src/entities';
import { MIGRATIONS } from './apps/api/src/migrations';

/**
 * The DataSource for the TypeORM CLI (`npm run migration:generate|run|revert`). Same options as the app:
 * every lib's migrations in one ordered list (a new one is generated into its owner lib's `src/migrations/`),
 * DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data).
 */
export default new DataSource(
  dataSourceOptions(
    { url: process.env.DATABASE_URL || undefined, embeddedDir: process.env.DATA_DIR || './data' },
    ENTITIES,
    MIGRATIONS,
  ),
);
