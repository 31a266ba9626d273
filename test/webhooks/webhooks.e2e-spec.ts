import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AddressPolicy } from '@app/conversion';
import { WebhookSubscribers } from '@app/webhooks/testing';
import { Webhook } from 'standardwebhooks';
import type { Test as SuperTest } from 'supertest';
import { eventually } from '../support/api-process';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
const file = (name: string) => readFileSync(join(FIXTURES, name));

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  answered: number;
}

/**
 * A partner's receiver on 127.0.0.1: records every request; `failFirst(id)` tells how many attempts of a message
 * it answers 500 before it answers 204.
 */
class Receiver {
  readonly received: Received[] = [];
  private server!: Server;
  failFirst: (message: { type: string; data: Record<string, unknown> }) => number = () => 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(req.headers['webhook-id']);
        const before = this.received.filter((r) => r.headers['webhook-id'] === id).length;
        const fail = before < this.failFirst(JSON.parse(body));
        this.received.push({ headers: req.headers, body, at: Date.now(), answered: fail ? 500 : 204 });
        res.statusCode = fail ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  of(type: string): Received[] {
    return this.received.filter((r) => JSON.parse(r.body).type === type);
  }

  close(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

describe('webhooks: signed events from a queue on PostgreSQL, retried, logged', () => {
  let t: TestApp;
  let alice: TestMember;
  const receiver = new Receiver();
  let url: string;

  beforeAll(async () => {
    // Retries 200 ms, 800 ms, ... apart (the production default starts at 5 s); the receiver is on 127.0.0.1,
    // which the resolver's address policy allows here only (the same provider the short-link resolver uses).
    t = await createTestApp(
      { WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_MAX_ATTEMPTS: '4' },
      { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }] },
    );
    alice = await t.createMember();
    url = await receiver.start();
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const withKey = (member: TestMember, req: SuperTest) =>
    t.send(req.set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken));

  it('refuses a private or loopback address outside the allowed test address, and an unknown event', async () => {
    for (const target of ['http://10.0.0.7/hook', 'http://127.0.0.2/hook', 'http://[::1]/hook', 'ftp://x.example/']) {
      const res = await withKey(
        alice,
        t.http.post('/api/webhooks/endpoints').send({ url: target, events: ['order.created'] }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
    const bad = await withKey(alice, t.http.post('/api/webhooks/endpoints').send({ url, events: ['order.deleted'] }));
    expect(bad.status).toBe(400);
  });

  it('an import that cancels orders sends signed order.updated; the receiver fails twice, the retry lands', async () => {
    const created = await withKey(
      alice,
      t.http
        .post('/api/webhooks/endpoints')
        .send({ url, events: ['order.created', 'order.updated', 'report.imported'] }),
    );
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_/);
    const endpointId: string = created.body.endpoint.id;
    // The secret is shown once: never in a later answer.
    const listed = await withKey(alice, t.http.get('/api/webhooks/endpoints'));
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.endpoints).toHaveLength(1);

    // Cancelled order lines fail twice before the receiver takes them.
    receiver.failFirst = (message) => (message.type === 'order.updated' && message.data.status === 'cancelled' ? 2 : 0);

    const first = await t.importReport(alice, '?apply=true', file('shopee-vn.csv'));
    expect(first.body).toMatchObject({ new: 6 });
    const firstAt = Date.now();
    expect(await eventually(() => receiver.of('order.created').length === 6, 15_000)).toBe(true);

    const later = await t.importReport(alice, '?apply=true', file('shopee-vn-later.csv'));
    expect(later.body).toMatchObject({ updated: 3, status_changes: { 'completed→cancelled': 2 } });
    const laterAt = Date.now();
    const cancelled = () => receiver.of('order.updated').filter((r) => JSON.parse(r.body).data.status === 'cancelled');
    // Two messages, three attempts each (500, 500, 204).
    expect(await eventually(() => cancelled().filter((r) => r.answered === 204).length === 2, 30_000)).toBe(true);
    const attempts = cancelled();
    expect(attempts).toHaveLength(6);
    const ids = [...new Set(attempts.map((r) => r.headers['webhook-id']))];
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const tries = attempts.filter((r) => r.headers['webhook-id'] === id);
      expect(tries.map((r) => r.answered)).toEqual([500, 500, 204]);
      // Back-off from the settings: at least 200 ms, then at least 4 × 200 ms (the queue's poll may add to each).
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(200);
      expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(800);
    }

    // Each attempt verifies with the Standard Webhooks reference package; a changed body does not.
    const hook = new Webhook(secret);
    for (const attempt of attempts) {
      const verified = hook.verify(attempt.body, attempt.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(verified.type).toBe('order.updated');
      expect(verified.data).toMatchObject({
        marketplace: 'shopee',
        status: 'cancelled',
        previous_status: 'completed',
        currency: 'VND',
      });
      expect(typeof verified.data.net_commission).toBe('string');
      expect(() =>
        hook.verify(attempt.body.replace('cancelled', 'completed'), attempt.headers as Record<string, string>),
      ).toThrow();
    }
    expect(receiver.of('report.imported')).toHaveLength(2);

    // The delivery log: attempts, last status code, latency, the body sent.
    const log = await withKey(alice, t.http.get(`/api/webhooks/endpoints/${endpointId}/deliveries?per_page=100`));
    expect(log.status).toBe(200);
    const logged = log.body.deliveries.filter(
      (d: { event: string; payload: string }) =>
        d.event === 'order.updated' && JSON.parse(d.payload).data.status === 'cancelled',
    );
    expect(logged).toHaveLength(2);
    for (const delivery of logged) {
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 204 });
      expect(delivery.last_latency_ms).toEqual(expect.any(Number));
      expect(ids).toContain(delivery.message_id);
    }

    // The figures of this run: events sent, attempts, import → first attempt.
    const firstAttempts = new Map<string, number>();
    for (const r of receiver.received) {
      const id = String(r.headers['webhook-id']);
      if (!firstAttempts.has(id))
        firstAttempts.set(
          id,
          r.at - (JSON.parse(r.body).type === 'order.created' || r.at < laterAt ? firstAt : laterAt),
        );
    }
    const delays = [...firstAttempts.values()].sort((a, b) => a - b);
    const p95 = delays[Math.min(delays.length - 1, Math.ceil(delays.length * 0.95) - 1)];
    console.log(
      `webhooks figures: ${firstAttempts.size} events sent, ${receiver.received.length} attempts, ` +
        `p95 import→first attempt ${p95} ms`,
    );
  }, 60_000);

  it('sends a test event, redelivers a delivery, and keeps another member out', async () => {
    const [endpoint] = (await withKey(alice, t.http.get('/api/webhooks/endpoints'))).body.endpoints;
    const before = receiver.of('webhook.test').length;
    const test = await withKey(alice, t.http.post(`/api/webhooks/endpoints/${endpoint.id}/test`));
    expect(test.status).toBe(202);
    expect(await eventually(() => receiver.of('webhook.test').length === before + 1, 10_000)).toBe(true);

    const again = await withKey(
      alice,
      t.http.post(`/api/webhooks/endpoints/${endpoint.id}/deliveries/${test.body.delivery_id}/redeliver`),
    );
    expect(again.status).toBe(202);
    expect(await eventually(() => receiver.of('webhook.test').length === before + 2, 10_000)).toBe(true);
    const tests = receiver.of('webhook.test').slice(-2);
    expect(tests[0].headers['webhook-id']).toBe(tests[1].headers['webhook-id']);

    const bob = await t.createMember();
    const peek = await withKey(bob, t.http.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`));
    expect(peek.status).toBe(404);
    expect(peek.body.error.code).toBe('not_found');
  }, 30_000);

  it('disables an endpoint that keeps failing past WEBHOOK_DISABLE_AFTER_HOURS, and says why', async () => {
    const bob = await t.createMember();
    const made = await withKey(bob, t.http.post('/api/webhooks/endpoints').send({ url, events: ['report.imported'] }));
    const id = made.body.endpoint.id;
    receiver.failFirst = () => 100;
    // Failing since long ago (the default 120 hours), as the log of an endpoint down for days would say.
    await t.dataSource.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = $1`, [
      id,
    ]);
    await withKey(bob, t.http.post(`/api/webhooks/endpoints/${id}/test`));
    expect(
      await eventually(async () => {
        const res = await withKey(bob, t.http.get(`/api/webhooks/endpoints/${id}`));
        return res.body.endpoint.enabled === false;
      }, 10_000),
    ).toBe(true);
    const res = await withKey(bob, t.http.get(`/api/webhooks/endpoints/${id}`));
    expect(res.body.endpoint.disabled_reason).toMatch(/failed for 120 hours/);
    const on = await withKey(bob, t.http.patch(`/api/webhooks/endpoints/${id}`).send({ enabled: true }));
    expect(on.body.endpoint).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  }, 30_000);

  it('keeps WEBHOOK_LOG_RETENTION_DAYS of delivery log: older deliveries are pruned', async () => {
    const count = async () =>
      Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries`))[0].n);
    expect(await count()).toBeGreaterThan(0);
    const subscribers = t.app.get(WebhookSubscribers);
    await subscribers.prune(new Date(Date.now() + 29 * 86_400_000));
    expect(await count()).toBeGreaterThan(0);
    await subscribers.prune(new Date(Date.now() + 31 * 86_400_000));
    expect(
      Number(
        (await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'pending'`))[0].n,
      ),
    ).toBe(0);
  });
});
