import type { MigrationInterface } from 'typeorm';
import { UsageHours1795422000000 } from './1795422000000-UsageHours';

/** The usage lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const USAGE_MIGRATIONS: Array<new () => MigrationInterface> = [UsageHours1795422000000];
