import { AbuseEvent, IpBan } from '@app/abuse';
import { AuditEntry } from '@app/audit';
import { ANALYTICS_ENTITIES } from '@app/analytics';
import { AuthAttempt, Session } from '@app/auth';
import { ResolvedLink } from '@app/conversion';
import { Credential } from '@app/credentials';
import { Member, MemberSecret } from '@app/members';
import { MemberUsage } from '@app/usage';
import { SHORT_LINK_ENTITIES } from '@app/shortlinks';
import { OutboundLink } from '@app/outbound';

/** Every TypeORM entity of the service, for the app's DataSource and the migration CLI. */
export const ENTITIES = [
  Member,
  Credential,
  MemberSecret,
  Session,
  AuthAttempt,
  MemberUsage,
  AbuseEvent,
  IpBan,
  ResolvedLink,
  ...SHORT_LINK_ENTITIES,
  OutboundLink,
  ...ANALYTICS_ENTITIES,
  AuditEntry,
];
