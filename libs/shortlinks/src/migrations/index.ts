import type { MigrationInterface } from 'typeorm';
import type { ShortLinkTargetPolicy } from '../links/short-link-target-policy';
import { ShortLinks1795400000000 } from './1795400000000-ShortLinks';
import { ClickTotalsFromDays1795420000000 } from './1795420000000-ClickTotalsFromDays';
import { ShortLinkSubId1795421000000 } from './1795421000000-ShortLinkSubId';
import { shortLinkTargetFactsMigration } from './1795422000000-ShortLinkTargetFacts';

/**
 * The shortlinks lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). The
 * backfill of the links' target facts reads targets with `targets`, the app's policy (the marketplace vocabulary).
 */
export function shortLinkMigrations(targets: ShortLinkTargetPolicy): Array<new () => MigrationInterface> {
  return [
    ShortLinks1795400000000,
    ClickTotalsFromDays1795420000000,
    ShortLinkSubId1795421000000,
    shortLinkTargetFactsMigration((target) => targets.facts(target)),
  ];
}
