import type { IpRangeList } from '@app/common';
import type { MemberMarketplaceSettings, MemberPlan, MemberRole } from '@app/members';
import type { Scope } from './scopes';

/** Who an API call is made by, once its key and token are verified. */
export interface Principal {
  memberId: string;
  credentialId: string;
  keyPreview: string;
  plan: MemberPlan;
  role: MemberRole;
  defaultAffiliateId: string | null;
  /** The member's saved `sub_ids`, used when a request sends none. */
  defaultSubIds: string[];
  /** The member's saved Lazada and Tiki codes, for the affiliate formats that need them. */
  marketplaceSettings: MemberMarketplaceSettings;
  /** A key per integration's scopes; absent: every right (the main pair, a session's calls). */
  scopes?: ReadonlySet<Scope>;
  /** A key per integration's allowed client addresses; absent: any. */
  allowedIps?: IpRangeList;
}
