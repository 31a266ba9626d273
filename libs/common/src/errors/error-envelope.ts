import { ErrorCode } from './error-codes';

export interface ErrorEnvelope {
  ok: false;
  error: { code: ErrorCode; message: string; field?: string };
  request_id: string;
}

export function errorEnvelope(code: ErrorCode, message: string, requestId: string, field?: string): ErrorEnvelope {
  return { ok: false, error: field ? { code, message, field } : { code, message }, request_id: requestId };
}
