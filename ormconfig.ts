import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@app/common';
import { ENTITIES } from './apps/api/src/entities';

/**
 * The DataSource for the TypeORM CLI (`npm run migration:generate|run|revert`). Same options as the app:
 * DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data).
 */
export default new DataSource(
  dataSourceOptions(
    { url: process.env.DATABASE_URL || undefined, embeddedDir: process.env.DATA_DIR || './data' },
    ENTITIES,
  ),
);
