/** Why one link was not converted. The request still succeeds; the link stays unchanged in the output. */
export type ItemErrorCode =
  'not_a_product' | 'invalid_link' | 'short_link_unsupported' | 'mode_unavailable' | 'unsupported_for_marketplace';

export interface ItemError {
  code: ItemErrorCode;
  message: string;
}

export type LinkOutcome = { ok: true; output: string } | { ok: false; error: ItemError };

export function failed(code: ItemErrorCode, message: string): LinkOutcome {
  return { ok: false, error: { code, message } };
}
