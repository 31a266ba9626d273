import type { Server } from 'node:http';
import type { CommonConfig } from '../common.config';

export type ServerLimits = Pick<
  CommonConfig,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'HTTP_MAX_CONNECTIONS'
>;

/** How often Node checks the header and request time-outs: a tenth of the header time-out, at most 1 s. */
export function timeoutCheckInterval(limits: ServerLimits): number {
  return Math.min(1000, Math.max(10, Math.floor(limits.HTTP_HEADERS_TIMEOUT_MS / 10)));
}

/**
 * The HTTP server's time-outs and connection cap, set on purpose (Node's defaults hold a slow client's half-sent
 * headers for a minute and a half-sent body for five): the header block within HTTP_HEADERS_TIMEOUT_MS, the
 * whole request within HTTP_REQUEST_TIMEOUT_MS (else 408 and the connection closed), idle keep-alive
 * connections kept HTTP_KEEP_ALIVE_TIMEOUT_MS, at most HTTP_MAX_CONNECTIONS open connections. Node checks the
 * two request time-outs every `timeoutCheckInterval` (its default, 30 s, would let them run over by that much).
 * The one place for these, called before `listen` by every listening process: the api (`main.ts`, so each
 * cluster worker too) and the standalone redirector.
 */
export function applyServerLimits(server: Server, limits: ServerLimits): void {
  server.requestTimeout = limits.HTTP_REQUEST_TIMEOUT_MS;
  // Node requires headersTimeout <= requestTimeout.
  server.headersTimeout = Math.min(limits.HTTP_HEADERS_TIMEOUT_MS, limits.HTTP_REQUEST_TIMEOUT_MS);
  server.keepAliveTimeout = limits.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
  // Read by Node when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    timeoutCheckInterval(limits);
}
