import type { MigrationInterface } from 'typeorm';
import { AbuseModule1795386588821 } from './1795386588821-AbuseModule';
import { AbuseEventsNoTruncate1795414000000 } from './1795414000000-AbuseEventsNoTruncate';

/** The abuse lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const ABUSE_MIGRATIONS: Array<new () => MigrationInterface> = [
  AbuseModule1795386588821,
  AbuseEventsNoTruncate1795414000000,
];
