import type { OutboundResult } from '@app/outbound';
import type { LinkOutcome } from '../item-error';

/** An outside service's answer for one link, as the link's outcome (the failure's code and our message). */
export function outsideOutcome(result: OutboundResult | undefined): LinkOutcome {
  if (!result) return { ok: false, error: { code: 'upstream_unavailable', message: 'No answer for this link' } };
  return result.ok
    ? { ok: true, output: result.url }
    : { ok: false, error: { code: result.failure.code, message: result.failure.message } };
}
