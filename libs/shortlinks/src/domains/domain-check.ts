import type { CustomDomainStatus } from './custom-domain.entity';
import type { TxtLookup } from './dns-txt-resolver';

/** A never-verified domain stays `pending` this long while its record is missing, then turns `failed`. */
export const PENDING_GRACE_MS = 3 * 24 * 3600 * 1000;
/** A verified domain turns `failed` after this many definitive misses in a row (one DNS glitch is not enough). */
export const VERIFIED_MISSES_BEFORE_FAILED = 3;

export interface DomainState {
  status: CustomDomainStatus;
  failedChecks: number;
  lastError: string | null;
  verifiedAt: Date | null;
  createdAt: Date;
}

/**
 * The status after one TXT check. Found → `verified`. A definitive miss (no name, no TXT, wrong value) keeps a
 * new domain `pending` for PENDING_GRACE_MS, then `failed`; a verified one fails after
 * VERIFIED_MISSES_BEFORE_FAILED misses in a row. A lookup error (time-out, SERVFAIL) changes no status.
 */
export function nextDomainState(
  current: DomainState,
  lookup: TxtLookup,
  token: string,
  now: Date,
): Omit<DomainState, 'createdAt'> {
  if (lookup.kind === 'error') return { ...current, lastError: lookup.reason };
  if (lookup.kind === 'records' && lookup.records.some((record) => record.trim() === token)) {
    return {
      status: 'verified',
      failedChecks: 0,
      lastError: null,
      verifiedAt: current.status === 'verified' && current.verifiedAt ? current.verifiedAt : now,
    };
  }
  const reason =
    lookup.kind === 'none'
      ? `TXT record not found (${lookup.reason})`
      : 'TXT record found, but not with the expected value';
  const failedChecks = current.failedChecks + 1;
  let status: CustomDomainStatus = current.status;
  if (current.status === 'verified') {
    status = failedChecks >= VERIFIED_MISSES_BEFORE_FAILED ? 'failed' : 'verified';
  } else if (current.status === 'pending' && now.getTime() - current.createdAt.getTime() >= PENDING_GRACE_MS) {
    status = 'failed';
  }
  return { status, failedChecks, lastError: reason, verifiedAt: current.verifiedAt };
}
