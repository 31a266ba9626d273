import type { MigrationInterface } from 'typeorm';
import { OutboundLinks1795410000000 } from './1795410000000-OutboundLinks';

/** The outbound lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const OUTBOUND_MIGRATIONS: Array<new () => MigrationInterface> = [OutboundLinks1795410000000];
