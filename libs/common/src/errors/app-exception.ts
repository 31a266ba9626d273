import { ErrorCode } from './error-codes';

export interface ErrorDetails {
  /** The request field at fault, for `invalid_request`. */
  field?: string;
  /** Seconds before a retry makes sense (sent as `Retry-After`). */
  retryAfterSeconds?: number;
}

/** A domain error: carries a code, never an HTTP status. The global filter maps it. */
export class AppException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppException';
  }
}
