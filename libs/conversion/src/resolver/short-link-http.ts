import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, buildConnector, request } from 'undici';
import type { ResolvedAddress } from './dns-lookup';

export interface ShortLinkHttpOptions {
  /** TCP connect + TLS handshake. */
  connectTimeoutMs: number;
  /** From the request being sent to the end of the response headers; also the longest pause inside the body. */
  headersTimeoutMs: number;
  /** At most this many bytes of an HTML body are read (for og:url / canonical); the rest is never read. */
  maxBodyBytes: number;
  userAgent: string;
  /** Tests only: extra trusted CA certificates (PEM) for the fake marketplace servers. */
  ca?: string | Buffer;
  /** Tests only: the port actually connected to, for a URL port (443); the Host header and SNI stay unchanged. */
  connectPort?: (port: number) => number;
}

/** One request of a resolution: the URL, and the checked addresses its host resolved to. */
export interface HopRequest {
  url: URL;
  /** The connection goes to one of these addresses and nowhere else (the DNS answer that was checked). */
  addresses: readonly ResolvedAddress[];
  /** Aborts the request (the resolution's total time-out). */
  signal: AbortSignal;
}

export interface HopResponse {
  status: number;
  /** The Location header, as sent. */
  location: string | null;
  /** For a 200 HTML response, its first `maxBodyBytes` bytes decoded as UTF-8; null otherwise. */
  html: string | null;
}

export type HopErrorKind = 'timeout' | 'connection_failed';

export class HopError extends Error {
  constructor(
    readonly kind: HopErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'HopError';
  }
}

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const MAX_HEADER_BYTES = 16 * 1024;
const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The HTTP edge of the short-link resolver: one GET, no redirect following, connected only to the addresses
 * the resolver checked. Each request gets its own undici Agent whose connector resolves the host name to those
 * addresses (no second DNS query, so no rebinding between the check and the connection; TLS still verifies the
 * certificate against the host name). Connect and header time-outs come from undici, the total time-out from the
 * caller's signal; an HTML body is read up to `maxBodyBytes` and the connection then dropped.
 */
export class ShortLinkHttpClient {
  constructor(private readonly options: ShortLinkHttpOptions) {}

  async fetch(hop: HopRequest): Promise<HopResponse> {
    const agent = new Agent({
      connect: this.connector(hop),
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.headersTimeoutMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      connections: 1,
      pipelining: 0,
    });
    try {
      const response = await request(hop.url, {
        method: 'GET',
        dispatcher: agent,
        signal: hop.signal,
        headers: {
          'user-agent': this.options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8',
          'accept-encoding': 'identity',
        },
      });
      const location = firstHeader(response.headers.location);
      const contentType = firstHeader(response.headers['content-type']);
      const wantsBody = response.statusCode === 200 && (contentType === null || HTML_TYPE.test(contentType));
      // Destroying an unfinished undici body emits an abort error: expected here, never a crash.
      response.body.on('error', () => undefined);
      const html = wantsBody ? await readCapped(response.body, this.options.maxBodyBytes) : null;
      response.body.destroy();
      return { status: response.statusCode, location, html };
    } catch (error) {
      throw toHopError(error, hop.signal);
    } finally {
      agent.destroy().catch(() => undefined);
    }
  }

  private connector(hop: HopRequest): buildConnector.connector {
    const connect = buildConnector({
      timeout: this.options.connectTimeoutMs,
      lookup: pinnedLookup(hop.url.hostname, hop.addresses),
      maxCachedSessions: 0,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    });
    const connectPort = this.options.connectPort;
    if (!connectPort) return connect;
    return (options, callback) => {
      const port = Number(options.port || (options.protocol === 'https:' ? 443 : 80));
      connect({ ...options, port: String(connectPort(port)) }, callback);
    };
  }
}

/** A `lookup` for net/tls that answers the checked addresses for the expected host, and fails for any other. */
export function pinnedLookup(expectedHost: string, addresses: readonly ResolvedAddress[]) {
  const expected = expectedHost.toLowerCase().replace(/\.+$/, '');
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = addresses.filter((address) => family === 0 || address.family === family);
    if (hostname.toLowerCase().replace(/\.+$/, '') !== expected || usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`No checked address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all)
      callback(
        null,
        usable.map(({ address, family: f }) => ({ address, family: f })),
      );
    else callback(null, usable[0].address, usable[0].family);
  };
}

async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const room = maxBytes - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= maxBytes) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function firstHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first;
}

function toHopError(error: unknown, signal: AbortSignal): HopError {
  if (error instanceof HopError) return error;
  const code = (error as { code?: unknown })?.code;
  if (signal.aborted || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
    return new HopError('timeout', 'timed out');
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HopError('connection_failed', message);
}
