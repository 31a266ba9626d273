import { ABUSE_MIGRATIONS } from '@app/abuse';
import { ANALYTICS_MIGRATIONS } from '@app/analytics';
import { AUDIT_MIGRATIONS } from '@app/audit';
import { CONVERSION_MIGRATIONS, MarketplaceTargetPolicy } from '@app/conversion';
import { CREDENTIAL_MIGRATIONS } from '@app/credentials';
import { FOUNDATION_MIGRATIONS, type MigrationList } from '@app/database';
import { IDEMPOTENCY_MIGRATIONS } from '@app/idempotency';
import { MEMBER_MIGRATIONS } from '@app/members';
import { OUTBOUND_MIGRATIONS } from '@app/outbound';
import { shortLinkMigrations } from '@app/shortlinks';
import { USAGE_MIGRATIONS } from '@app/usage';
import { WEBHOOK_MIGRATIONS } from '@app/webhooks';

/** The timestamp TypeORM orders a migration by: the digits that end its class name. */
export function migrationTimestamp(migration: { name: string }): number {
  const digits = /(\d{13})$/.exec(migration.name);
  if (!digits) throw new Error(`The migration ${migration.name} has no timestamp at the end of its name`);
  return Number(digits[1]);
}

/**
 * Every migration of the service, in the one order they run in: each lib keeps its own beside its tables
 * (`libs/<lib>/src/migrations/`), and this list puts them together by timestamp. A new migration is generated
 * into its owner lib's folder and added to that lib's list; names and timestamps never change once released.
 */
export const MIGRATIONS: MigrationList = [
  ...FOUNDATION_MIGRATIONS,
  ...MEMBER_MIGRATIONS,
  ...ABUSE_MIGRATIONS,
  ...CONVERSION_MIGRATIONS,
  ...CREDENTIAL_MIGRATIONS,
  ...shortLinkMigrations(new MarketplaceTargetPolicy()),
  ...OUTBOUND_MIGRATIONS,
  ...USAGE_MIGRATIONS,
  ...ANALYTICS_MIGRATIONS,
  ...WEBHOOK_MIGRATIONS,
  ...IDEMPOTENCY_MIGRATIONS,
  ...AUDIT_MIGRATIONS,
].sort((a, b) => migrationTimestamp(a) - migrationTimestamp(b));
