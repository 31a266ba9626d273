import type { MigrationInterface } from 'typeorm';
import { Initial1795384643355 } from './1795384643355-Initial';
import { AccountArea1795386219886 } from './1795386219886-AccountArea';

/**
 * The first two migrations, written before each lib kept its own: they create tables of several libs (members,
 * credentials; member_secrets, sessions, auth_attempts, member_usage), each owned by the lib of its entity.
 * Every later migration sits in its owner lib's `src/migrations/`.
 */
export const FOUNDATION_MIGRATIONS: Array<new () => MigrationInterface> = [
  Initial1795384643355,
  AccountArea1795386219886,
];
