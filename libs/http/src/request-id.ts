import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';

const SAFE_INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}

/**
 * Gives the request an id (kept from a well-formed incoming `X-Request-Id`, generated otherwise),
 * echoes it in the `X-Request-Id` response header and puts it on `req.id` for logs and error bodies.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): void {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  (req as IncomingMessage & { id?: string }).id = id;
  res.setHeader('X-Request-Id', id);
}
