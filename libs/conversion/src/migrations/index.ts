import type { MigrationInterface } from 'typeorm';
import { ResolvedLinks1795386790333 } from './1795386790333-ResolvedLinks';

/** The conversion lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const CONVERSION_MIGRATIONS: Array<new () => MigrationInterface> = [ResolvedLinks1795386790333];
