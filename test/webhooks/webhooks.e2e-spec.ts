import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddressPolicy } from '@app/conversion';
import { SecretCipher } from '@app/members';
import { Metrics } from '@app/metrics';
import { WEBHOOK_MIGRATIONS, WebhookDispatcher } from '@app/webhooks';
import { WebhookSubscribers } from '@app/webhooks/testing';
import { Webhook } from 'standardwebhooks';
import type { Test as SuperTest } from 'supertest';
import { eventually } from '../support/api-process';
import { createTestApp, TEST_SETTINGS_KEY, TestApp, TestMember } from '../support/test-app';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
/** Where the delivery figures of a run are written (events sent, attempts, import → first attempt). */
const FIGURES_FILE = join(__dirname, '..', '..', 'test-results', 'webhook-delivery.json');
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
    // Kept sealed (SETTINGS_ENCRYPTION_KEY, as the members' secrets): the row never holds it in clear.
    const [row] = await t.dataSource.query(
      `SELECT row_to_json(e)::text AS json FROM webhook_endpoints e WHERE id = $1`,
      [endpointId],
    );
    expect(row.json).not.toContain(secret);
    expect(row.json).not.toContain(secret.slice('whsec_'.length, 20));
    expect(JSON.parse(row.json).sealed_secret).toMatch(/^v1:/);

    // Cancelled order lines fail twice before the receiver takes them.
    receiver.failFirst = (message) => (message.type === 'order.updated' && message.data.status === 'cancelled' ? 2 : 0);

    const firstAt = Date.now();
    const first = await t.importReport(alice, '?apply=true', file('shopee-vn.csv'));
    expect(first.body).toMatchObject({ new: 6 });
    expect(await eventually(() => receiver.of('order.created').length === 6, 15_000)).toBe(true);

    const laterAt = Date.now();
    const later = await t.importReport(alice, '?apply=true', file('shopee-vn-later.csv'));
    expect(later.body).toMatchObject({ updated: 3, status_changes: { 'completed→cancelled': 2 } });
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

    // The figures of this run, read from the delivery log (what an operator has too): events sent, attempts, and
    // the time from the import's request to each delivery's first attempt.
    const runLog: Array<{
      event_type: string;
      status: string;
      attempts: number;
      created_ms: number;
      first_ms: number;
    }> = await t.dataSource.query(
      `SELECT event_type, status, attempts, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
                (extract(epoch FROM first_attempt_at) * 1000)::float8 AS first_ms
           FROM webhook_deliveries WHERE endpoint_id = $1`,
      [endpointId],
    );
    expect(runLog.every((d) => d.status === 'succeeded')).toBe(true);
    const importAt = (d: { created_ms: number }) => (d.created_ms >= laterAt ? laterAt : firstAt);
    const delays = runLog.map((d) => d.first_ms - importAt(d)).sort((a, b) => a - b);
    const p95 = delays[Math.min(delays.length - 1, Math.ceil(delays.length * 0.95) - 1)];
    const attemptsLogged = runLog.reduce((sum, d) => sum + Number(d.attempts), 0);
    expect(runLog).toHaveLength(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size);
    expect(attemptsLogged).toBe(receiver.received.length);

    // The same figures from the metrics: attempts by outcome, and one first-attempt time per delivery.
    const metrics = t.app.get(Metrics);
    const byOutcome = Object.fromEntries(
      (await metrics.webhookAttempts.get()).values.map((v) => [v.labels.outcome, v.value]),
    );
    expect(byOutcome).toMatchObject({ ok: runLog.length, http_error: 4, timeout: 0, refused: 0 });
    const histogram = (await metrics.webhookFirstAttemptDelay.get()).values;
    const observed = histogram.find((v) => v.metricName?.endsWith('_count'))?.value;
    expect(observed).toBe(runLog.length);

    const figures = {
      run_at: new Date().toISOString(),
      imports: 2,
      events_sent: runLog.length,
      attempts: attemptsLogged,
      attempts_by_outcome: byOutcome,
      retried_deliveries: runLog.filter((d) => d.attempts > 1).length,
      import_to_first_attempt_ms: { p50: delays[Math.floor((delays.length - 1) / 2)], p95, max: delays.at(-1) },
      retry_base_ms: 200,
    };
    mkdirSync(join(FIGURES_FILE, '..'), { recursive: true });
    writeFileSync(FIGURES_FILE, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(
      `webhooks figures: ${figures.events_sent} events sent, ${figures.attempts} attempts, ` +
        `p95 import→first attempt ${p95} ms (${FIGURES_FILE})`,
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

  it('makes one attempt at a time per delivery: a job it does not name, or a second at once, sends nothing', async () => {
    const [endpoint] = (await withKey(alice, t.http.get('/api/webhooks/endpoints'))).body.endpoints;
    const jobId = randomUUID();
    // A pending delivery whose next attempt is the job `jobId` (none in the queue: only this test runs it).
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO webhook_deliveries (endpoint_id, member_id, event_type, payload, created_at, next_attempt_at, job_id)
       VALUES ($1, $2, 'webhook.test', $3, now(), now(), $4) RETURNING id::text AS id`,
      [endpoint.id, alice.member.id, JSON.stringify({ type: 'webhook.test', timestamp: '', data: {} }), jobId],
    );
    const sent = () => receiver.received.filter((r) => r.headers['webhook-id'] === `msg_${id}`).length;
    receiver.failFirst = () => 0;
    const dispatcher = t.app.get(WebhookDispatcher);
    // A stale job (one a redelivery or a re-enqueue replaced): nothing.
    await dispatcher.attempt(id, randomUUID());
    expect(sent()).toBe(0);
    // The job it names, run twice at once (pg-boss running an expired job again, another instance): one attempt.
    await Promise.all([dispatcher.attempt(id, jobId), dispatcher.attempt(id, jobId)]);
    expect(sent()).toBe(1);
    const [delivery] = await t.dataSource.query(
      `SELECT status, attempts, claimed_until FROM webhook_deliveries WHERE id = $1`,
      [id],
    );
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, claimed_until: null });
    // A redelivery while an attempt is under way (claimed) is refused, and leaves the claim as it was.
    await t.dataSource.query(
      `UPDATE webhook_deliveries SET claimed_until = now() + interval '1 minute' WHERE id = $1`,
      [id],
    );
    const busy = await withKey(alice, t.http.post(`/api/webhooks/endpoints/${endpoint.id}/deliveries/${id}/redeliver`));
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('conflict');
    await t.dataSource.query(`UPDATE webhook_deliveries SET claimed_until = NULL WHERE id = $1`, [id]);
    expect(sent()).toBe(1);
  });

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

  it('the migration seals the secrets of existing endpoints, and its down opens them back', async () => {
    const made = await withKey(alice, t.http.post('/api/webhooks/endpoints').send({ url, events: ['link.created'] }));
    const { secret } = made.body;
    const id = made.body.endpoint.id;
    const Sealing = WEBHOOK_MIGRATIONS.find((m) => m.name === 'WebhookSecretsSealed1795470000000')!;
    const migration = new Sealing();
    const runner = t.dataSource.createQueryRunner();
    const key = process.env.SETTINGS_ENCRYPTION_KEY;
    const dataDir = process.env.DATA_DIR;
    const emptyDataDir = mkdtempSync(join(tmpdir(), 'linkconv-no-key-'));
    process.env.SETTINGS_ENCRYPTION_KEY = TEST_SETTINGS_KEY;
    try {
      // Down: the secrets in clear, as before the migration.
      await migration.down(runner);
      const [before] = await runner.query(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [id]);
      expect(before.secret).toBe(secret);
      // Up: every row sealed under SETTINGS_ENCRYPTION_KEY, bound to its endpoint, the clear column gone.
      await migration.up(runner);
      const [after] = await runner.query(`SELECT row_to_json(e)::text AS json FROM webhook_endpoints e WHERE id = $1`, [
        id,
      ]);
      expect(after.json).not.toContain(secret);
      expect(JSON.parse(after.json)).not.toHaveProperty('secret');
      const opened = new SecretCipher(TEST_SETTINGS_KEY).open(
        JSON.parse(after.json).sealed_secret,
        `webhook_endpoints:${id}:secret`,
      );
      expect(opened).toBe(secret);
      // Without the key, rows to seal stop the migration with what to do. DATA_DIR names an empty folder: without
      // DATABASE_URL the key is also read from DATA_DIR's file, and `npm start` run first in this clone leaves one
      // in ./data.
      await migration.down(runner);
      delete process.env.SETTINGS_ENCRYPTION_KEY;
      process.env.DATA_DIR = emptyDataDir;
      await expect(migration.up(runner)).rejects.toThrow(/need SETTINGS_ENCRYPTION_KEY/);
      await runner.query(`ALTER TABLE webhook_endpoints DROP COLUMN IF EXISTS sealed_secret`);
      process.env.SETTINGS_ENCRYPTION_KEY = TEST_SETTINGS_KEY;
      await migration.up(runner);
    } finally {
      if (key === undefined) delete process.env.SETTINGS_ENCRYPTION_KEY;
      else process.env.SETTINGS_ENCRYPTION_KEY = key;
      if (dataDir === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = dataDir;
      rmSync(emptyDataDir, { recursive: true, force: true });
      await runner.release();
    }
    // Still signed with the same secret, as the reference package verifies.
    receiver.failFirst = () => 0;
    const mine = () => receiver.of('webhook.test').filter((r) => JSON.parse(r.body).data.endpoint_id === id);
    await withKey(alice, t.http.post(`/api/webhooks/endpoints/${id}/test`));
    expect(await eventually(() => mine().length === 1, 10_000)).toBe(true);
    const delivered = mine()[0];
    expect(() => new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>)).not.toThrow();
  }, 30_000);
});
