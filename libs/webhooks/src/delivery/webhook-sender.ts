import { Inject, Injectable } from '@nestjs/common';
import { AddressPolicy, DnsLookup, pinnedLookup } from '@app/conversion';
import type { WebhookAttemptOutcome } from '@app/metrics';
import { Webhook } from 'standardwebhooks';
import { Agent, buildConnector, request } from 'undici';
import { webhooksConfig, WebhooksConfig } from '../webhooks.config';

/** What one attempt got: the status code (null when none came), how long it took, and why it failed, in words. */
export interface AttemptOutcome {
  ok: boolean;
  /** The kind of outcome, as `linkconv_webhook_attempts_total` counts it. */
  outcome: WebhookAttemptOutcome;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** The answer's body is not kept: a few bytes are read so the connection ends cleanly. */
const MAX_ANSWER_BYTES = 4096;

/**
 * Sends one signed delivery, as the Standard Webhooks specification says: `webhook-id` (the same on every
 * attempt), `webhook-timestamp` (this attempt's, in seconds) and `webhook-signature` (`v1,` + base64 of the
 * HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret), signed by the specification's own package.
 * The address rule is the short-link resolver's: the host is resolved once, every address must pass the same
 * `AddressPolicy` (no loopback, private, link-local... address), and the connection goes to those addresses
 * only. No redirect is followed. 2xx is a success; anything else, a time-out or a refused address is a failure.
 */
@Injectable()
export class WebhookSender {
  constructor(
    private readonly addresses: AddressPolicy,
    private readonly dns: DnsLookup,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
  ) {}

  /** Why `url` may not receive webhooks (scheme, host, a refused address), or null. One DNS query for a name. */
  async refusal(url: string): Promise<string | null> {
    const checked = await this.checked(url);
    return 'error' in checked ? checked.error : null;
  }

  async send(url: string, secret: string, messageId: string, at: Date, body: string): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const signal = AbortSignal.timeout(this.config.WEBHOOK_ATTEMPT_TIMEOUT_MS);
    const checked = await this.checked(url);
    if ('error' in checked) {
      return { ok: false, outcome: 'refused', statusCode: null, latencyMs: elapsed(), error: checked.error };
    }
    const signature = new Webhook(secret).sign(messageId, at, body);
    const agent = new Agent({
      connect: buildConnector({
        timeout: this.config.WEBHOOK_ATTEMPT_TIMEOUT_MS,
        lookup: pinnedLookup(checked.url.hostname.replace(/^\[(.*)\]$/, '$1'), checked.addresses),
        maxCachedSessions: 0,
      }),
    });
    try {
      const response = await request(checked.url, {
        method: 'POST',
        dispatcher: agent,
        signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'LinkConversionAPI-Webhooks/1.0',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
      });
      response.body.on('error', () => undefined);
      let read = 0;
      for await (const chunk of response.body) {
        read += (chunk as Buffer).length;
        if (read >= MAX_ANSWER_BYTES) break;
      }
      response.body.destroy();
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        ok,
        outcome: ok ? 'ok' : 'http_error',
        statusCode: response.statusCode,
        latencyMs: elapsed(),
        error: ok ? null : `The endpoint answered ${response.statusCode}`,
      };
    } catch (error) {
      const timedOut = signal.aborted || (error as Error)?.name === 'TimeoutError';
      return {
        ok: false,
        outcome: timedOut ? 'timeout' : 'unreachable',
        statusCode: null,
        latencyMs: elapsed(),
        error: timedOut
          ? `No answer within ${this.config.WEBHOOK_ATTEMPT_TIMEOUT_MS} ms`
          : `The endpoint could not be reached (${(error as NodeJS.ErrnoException)?.code ?? (error as Error)?.name ?? 'error'})`,
      };
    } finally {
      agent.destroy().catch(() => undefined);
    }
  }

  private async checked(
    raw: string,
  ): Promise<{ url: URL; addresses: Array<{ address: string; family: 4 | 6 }> } | { error: string }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { error: 'The URL is not valid' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'The URL must be http(s)' };
    if (url.username || url.password) return { error: 'The URL must not hold a user name or password' };
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: Array<{ address: string; family: 4 | 6 }>;
    try {
      addresses = await this.dns.lookup(host);
    } catch {
      return { error: `The host ${host} could not be resolved` };
    }
    if (addresses.length === 0) return { error: `The host ${host} could not be resolved` };
    const refused = addresses.find(({ address }) => !this.addresses.check(address).allowed);
    if (refused) {
      return { error: `The host ${host} resolves to a ${this.addresses.check(refused.address).range} address` };
    }
    return { url, addresses };
  }
}
