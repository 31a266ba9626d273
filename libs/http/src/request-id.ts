import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const SAFE_INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}

/**
 * Gives every request an id (kept from a well-formed incoming `X-Request-Id`, generated otherwise),
 * echoes it in the `X-Request-Id` response header and puts it on `req.id` for logs and error bodies.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  (req as Request & { id?: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
}
