import type { MigrationInterface } from 'typeorm';
import { ShortLinks1795400000000 } from './1795400000000-ShortLinks';
import { ClickTotalsFromDays1795420000000 } from './1795420000000-ClickTotalsFromDays';
import { ShortLinkSubId1795421000000 } from './1795421000000-ShortLinkSubId';

/** The shortlinks lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const SHORT_LINK_MIGRATIONS: Array<new () => MigrationInterface> = [
  ShortLinks1795400000000,
  ClickTotalsFromDays1795420000000,
  ShortLinkSubId1795421000000,
];
