import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpConfig } from './http.config';

export type ServerLimits = Pick<
  HttpConfig,
  | 'HTTP_HEADERS_TIMEOUT_MS'
  | 'HTTP_REQUEST_TIMEOUT_MS'
  | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
  | 'HTTP_MAX_CONNECTIONS'
  | 'HTTP_SEND_TIMEOUT_MS'
>;

/** How often Node checks the header and request time-outs: a tenth of the header time-out, at most 1 s. */
export function timeoutCheckInterval(limits: ServerLimits): number {
  return Math.min(1000, Math.max(10, Math.floor(limits.HTTP_HEADERS_TIMEOUT_MS / 10)));
}

/** How often the send time-out is checked: a tenth of it, between 10 ms and 1 s. */
export function sendCheckInterval(sendTimeoutMs: number): number {
  return Math.min(1000, Math.max(10, Math.floor(sendTimeoutMs / 10)));
}

/**
 * The send time-out, which Node does not have: a connection whose answer has not drained for `sendTimeoutMs`
 * (bytes waiting to be written, without a pause, that long) is destroyed. Node's own time-outs only watch the
 * request, and its idle `timeout` is reset by every byte a slow reader takes, so a client reading an answer a
 * byte at a time, or never, kept its connection (and its slot under the connection cap) for good. One sweep of
 * the open connections every `sendCheckInterval` (a Map lookup per connection, no timer per request); a
 * connection is cut between `sendTimeoutMs` and that plus two intervals after its output stopped draining. An
 * answer that fits the kernel's socket buffer has drained as far as this is concerned: an idle connection is the
 * keep-alive time-out's.
 */
function cutSlowReaders(server: Server, sendTimeoutMs: number): void {
  /** Each open connection, and since when its output has been waiting (0: nothing waiting at the last sweep). */
  const waitingSince = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    waitingSince.set(socket, 0);
    socket.once('close', () => waitingSince.delete(socket));
  });
  let sweep: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    clearInterval(sweep);
    sweep = setInterval(() => {
      const now = Date.now();
      for (const [socket, since] of waitingSince) {
        if (socket.writableLength === 0) {
          if (since !== 0) waitingSince.set(socket, 0);
        } else if (since === 0) {
          waitingSince.set(socket, now);
        } else if (now - since >= sendTimeoutMs) {
          waitingSince.delete(socket);
          socket.destroy();
        }
      }
    }, sendCheckInterval(sendTimeoutMs));
    sweep.unref();
  });
  server.on('close', () => clearInterval(sweep));
}

/**
 * Routes given longer than HTTP_REQUEST_TIMEOUT_MS to receive their whole request: a streamed upload is read as it
 * is processed, so its request lasts as long as its processing (`paths`: exact paths, without the query).
 */
export interface LongerRequests {
  paths: ReadonlySet<string>;
  timeoutMs: number;
}

const REQUEST_TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/** Marks a request granted the longer time-out of its route (see `allowLongerRequest`). */
const LONGER = Symbol('longerRequest');

/**
 * Grants this request the longer time-out of its route (`LongerRequests`): called by the route once the caller
 * is authenticated, so an anonymous client's slow body is cut at HTTP_REQUEST_TIMEOUT_MS as any other.
 */
export function allowLongerRequest(req: IncomingMessage): void {
  (req as IncomingMessage & { [LONGER]?: true })[LONGER] = true;
}

/**
 * HTTP_REQUEST_TIMEOUT_MS for every route but the longer ones, when Node's own request time-out is set to the
 * longest (it has one for the whole server). A request with a body not received when its headers are (a
 * `Content-Length` or `Transfer-Encoding`) is remembered; one sweep every `everyMs` answers 408 and closes the
 * connection of those still incomplete `timeoutMs` after their headers, as Node does, unless the request is on a
 * longer path and its route granted it the longer time-out (`allowLongerRequest`, once the caller is known).
 * Bodiless requests (every redirect and GET) are not remembered: one header lookup each. A request is forgotten as
 * soon as its body has been read (`end`): kept until the next sweep, every finished convert call's request,
 * response and all they reference lived on for up to a second, long enough to be copied into V8's old
 * generation, which cost a convert call about a tenth of its CPU in garbage collection (profiled).
 */
function cutSlowBodies(server: Server, timeoutMs: number, everyMs: number, longer: ReadonlySet<string>): void {
  const receiving = new Map<IncomingMessage, { res: ServerResponse; since: number; mayTakeLonger: boolean }>();
  function received(this: IncomingMessage): void {
    receiving.delete(this);
  }
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.complete || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined))
      return;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    receiving.set(req, { res, since: Date.now(), mayTakeLonger: longer.has(query === -1 ? url : url.slice(0, query)) });
    req.on('end', received);
  });
  let sweep: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    clearInterval(sweep);
    sweep = setInterval(() => {
      const now = Date.now();
      for (const [req, { res, since, mayTakeLonger }] of receiving) {
        const socket = req.socket;
        if (req.complete || socket.destroyed || (mayTakeLonger && (req as { [LONGER]?: true })[LONGER])) {
          receiving.delete(req);
        } else if (now - since >= timeoutMs) {
          receiving.delete(req);
          if (!res.headersSent) socket.write(REQUEST_TIMEOUT_RESPONSE);
          socket.destroy();
        }
      }
    }, everyMs);
    sweep.unref();
  });
  server.on('close', () => clearInterval(sweep));
}

/**
 * The HTTP server's time-outs and connection cap, set on purpose (Node's defaults hold a slow client's half-sent
 * headers for a minute and a half-sent body for five): the header block within HTTP_HEADERS_TIMEOUT_MS, the
 * whole request within HTTP_REQUEST_TIMEOUT_MS (else 408 and the connection closed), idle keep-alive
 * connections kept HTTP_KEEP_ALIVE_TIMEOUT_MS, at most HTTP_MAX_CONNECTIONS open connections, and an answer
 * that does not drain within HTTP_SEND_TIMEOUT_MS gets its connection cut (`cutSlowReaders`). Node checks the
 * two request time-outs every `timeoutCheckInterval` (its default, 30 s, would let them run over by that much).
 * The one place for these, called before `listen` by every listening process: the api (`main.ts`, so each
 * cluster worker too) and the standalone redirector. `longer`: routes whose request may take longer (the report
 * uploads, `IMPORT_REQUEST_TIMEOUT_MS`): Node's request time-out is then theirs, and the others keep
 * HTTP_REQUEST_TIMEOUT_MS through `cutSlowBodies`.
 */
export function applyServerLimits(server: Server, limits: ServerLimits, longer?: LongerRequests): void {
  const longest = Math.max(limits.HTTP_REQUEST_TIMEOUT_MS, longer?.timeoutMs ?? 0);
  server.requestTimeout = longest;
  if (longer && longest > limits.HTTP_REQUEST_TIMEOUT_MS) {
    cutSlowBodies(server, limits.HTTP_REQUEST_TIMEOUT_MS, timeoutCheckInterval(limits), longer.paths);
  }
  // Node requires headersTimeout <= requestTimeout.
  server.headersTimeout = Math.min(limits.HTTP_HEADERS_TIMEOUT_MS, limits.HTTP_REQUEST_TIMEOUT_MS);
  server.keepAliveTimeout = limits.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
  // Read by Node when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    timeoutCheckInterval(limits);
  cutSlowReaders(server, limits.HTTP_SEND_TIMEOUT_MS);
}
