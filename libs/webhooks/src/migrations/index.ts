import type { MigrationInterface } from 'typeorm';
import { Webhooks1795460000000 } from './1795460000000-Webhooks';

/** The webhooks lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const WEBHOOK_MIGRATIONS: Array<new () => MigrationInterface> = [Webhooks1795460000000];
