import type { MigrationInterface } from 'typeorm';
import { MarketplaceSettings1795390000000 } from './1795390000000-MarketplaceSettings';

/** The members lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const MEMBER_MIGRATIONS: Array<new () => MigrationInterface> = [MarketplaceSettings1795390000000];
