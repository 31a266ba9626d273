import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy, DnsLookup } from '@app/conversion';
import { Webhook } from 'standardwebhooks';
import { WebhooksConfig } from '../webhooks.config';
import { WebhookSender } from './webhook-sender';

/** A DNS that answers one address for every name. */
class FixedDns extends DnsLookup {
  constructor(private readonly address: string) {
    super();
  }

  override async lookup(): Promise<Array<{ address: string; family: 4 | 6 }>> {
    return [{ address: this.address, family: this.address.includes(':') ? 6 : 4 }];
  }
}

const SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;

function config(timeoutMs: number): WebhooksConfig {
  return Object.assign(new WebhooksConfig(), { WEBHOOK_ATTEMPT_TIMEOUT_MS: timeoutMs });
}

describe('WebhookSender', () => {
  let server: Server;
  let port: number;
  let answer: 'ok' | 'hang' = 'ok';
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (answer === 'ok') {
          res.statusCode = 204;
          res.end();
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('signs as Standard Webhooks says (verified by its reference package) and counts a 2xx as ok', async () => {
    answer = 'ok';
    const sender = new WebhookSender(new AddressPolicy(['127.0.0.1']), new FixedDns('127.0.0.1'), config(5_000));
    const at = new Date();
    const outcome = await sender.send(`http://hooks.test:${port}/in`, SECRET, 'msg_1', at, '{"type":"x"}');
    expect(outcome).toMatchObject({ ok: true, outcome: 'ok', statusCode: 204, error: null });
    const last = received.at(-1)!;
    expect(new Webhook(SECRET).verify(last.body, last.headers as Record<string, string>)).toEqual({ type: 'x' });
  });

  it('gives up on an attempt after WEBHOOK_ATTEMPT_TIMEOUT_MS', async () => {
    answer = 'hang';
    const sender = new WebhookSender(new AddressPolicy(['127.0.0.1']), new FixedDns('127.0.0.1'), config(300));
    const outcome = await sender.send(`http://hooks.test:${port}/in`, SECRET, 'msg_2', new Date(), '{}');
    expect(outcome).toMatchObject({
      ok: false,
      outcome: 'timeout',
      statusCode: null,
      error: 'No answer within 300 ms',
    });
  });

  it("refuses what the short-link resolver's address rule refuses (its own AddressPolicy, no exception)", async () => {
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['::1', 'loopback'],
    ]) {
      const sender = new WebhookSender(new AddressPolicy(), new FixedDns(address), config(5_000));
      const outcome = await sender.send(`http://hooks.test:${port}/in`, SECRET, 'msg_3', new Date(), '{}');
      expect(outcome).toMatchObject({ ok: false, outcome: 'refused', statusCode: null });
      expect(outcome.error).toBe(`The host hooks.test resolves to a ${range} address`);
      expect(await sender.refusal('http://hooks.test/in')).toBe(outcome.error);
    }
  });
});
