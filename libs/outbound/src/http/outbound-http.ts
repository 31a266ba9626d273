import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Agent, request } from 'undici';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../outbound-options';
import type { OutboundProvider } from '../providers';

export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Read at most this much of the answer (default: the options' `maxBodyBytes`, sized for a link). */
  maxBodyBytes?: number;
  /** Waits for the headers and between body chunks (default: the attempt's time-out, OUTBOUND_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  /** The Content-Type header, lower-case, or ''. */
  contentType: string;
  /** The body as UTF-8, at most `maxBodyBytes`. */
  text: string;
}

export type OutboundHttpErrorKind = 'timeout' | 'connection_failed' | 'too_large';

/** A call that got no usable answer. Its message is ours (undici's may hold the URL, with a key in its query). */
export class OutboundHttpError extends Error {
  constructor(readonly kind: OutboundHttpErrorKind) {
    super(kind);
    this.name = 'OutboundHttpError';
  }
}

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * The HTTP edge towards the outside services (undici). One keep-alive Agent per provider, its connections
 * capped at the provider's concurrency; connect, header and body time-outs from the config, the caller's signal
 * for the attempt and request budgets; no redirect is followed; answers are read up to `maxBodyBytes`.
 * Replace this provider to fake the network.
 */
@Injectable()
export class OutboundHttp implements OnModuleDestroy {
  private readonly agents = new Map<OutboundProvider, Agent>();

  constructor(@Inject(OUTBOUND_OPTIONS) private readonly options: OutboundOptions) {}

  async send(provider: OutboundProvider, req: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> {
    try {
      const response = await request(req.url, {
        method: req.method,
        headers: {
          'user-agent': 'LinkConversionAPI/1.0',
          accept: 'application/json, text/plain;q=0.9',
          ...req.headers,
        },
        body: req.body,
        signal,
        dispatcher: this.agent(provider),
        ...(req.timeoutMs ? { headersTimeout: req.timeoutMs, bodyTimeout: req.timeoutMs } : {}),
      });
      response.body.on('error', () => undefined);
      const text = await readCapped(response.body, req.maxBodyBytes ?? this.options.maxBodyBytes);
      const contentType = response.headers['content-type'];
      return {
        status: response.statusCode,
        contentType: (Array.isArray(contentType) ? contentType[0] : (contentType ?? '')).toLowerCase(),
        text,
      };
    } catch (error) {
      if (error instanceof OutboundHttpError) throw error;
      const code = (error as { code?: unknown })?.code;
      if (signal.aborted || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
        throw new OutboundHttpError('timeout');
      }
      throw new OutboundHttpError('connection_failed');
    }
  }

  private agent(provider: OutboundProvider): Agent {
    let agent = this.agents.get(provider);
    if (!agent) {
      agent = new Agent({
        connections: this.options.concurrency[provider],
        connectTimeout: this.options.connectTimeoutMs,
        headersTimeout: this.options.attemptTimeoutMs,
        bodyTimeout: this.options.attemptTimeoutMs,
        keepAliveTimeout: 4000,
      });
      this.agents.set(provider, agent);
    }
    return agent;
  }

  async onModuleDestroy(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => undefined)));
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new OutboundHttpError('too_large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
