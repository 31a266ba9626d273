import type { MigrationInterface } from 'typeorm';
import { IntegrationKeys1795461000000 } from './1795461000000-IntegrationKeys';

/** The credentials lib's migrations, oldest first (its table itself is made by the foundation's `Initial`). */
export const CREDENTIAL_MIGRATIONS: Array<new () => MigrationInterface> = [IntegrationKeys1795461000000];
