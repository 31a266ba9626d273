import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy } from '@app/conversion';
import { Metrics } from '@app/metrics';
import { WebhookDispatcher } from '@app/webhooks';
import { Webhook } from 'standardwebhooks';
import { eventually } from '../support/api-process';
import { describeIf } from '../support/skip';
import { createTestApp, type TestApp, type TestMember, usingPostgres } from '../support/test-app';

/**
 * Two instances on one PostgreSQL database share the queue (pg-boss, `FOR UPDATE SKIP LOCKED`) and the delivery
 * log's claim: every message is attempted once at a time and delivered once, its failed first attempt retried by
 * whichever instance takes the job; requeue passes run on both while the deliveries are under way send nothing twice.
 */
describeIf(usingPostgres, 'needs DATABASE_URL: two instances share one PostgreSQL database')(
  'webhooks on two instances',
  () => {
    const env = { WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_MAX_ATTEMPTS: '4', WEBHOOK_SUBSCRIBERS_REFRESH_MS: '1000' };
    const overrides = [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }];
    const received: Array<{ headers: IncomingHttpHeaders; body: string; answered: number }> = [];
    let inFlight = new Map<string, number>();
    let overlapped = 0;
    let server: Server;
    let one: TestApp;
    let two: TestApp;
    let member: TestMember;
    let secret: string;
    let endpointId: string;

    beforeAll(async () => {
      server = createServer((req, res) => {
        const id = String(req.headers['webhook-id']);
        inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
        if (inFlight.get(id)! > 1) overlapped += 1;
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          // The first attempt of each message fails; the answer takes a moment, so overlapping attempts would show.
          const status = received.some((r) => r.headers['webhook-id'] === id) ? 204 : 500;
          setTimeout(() => {
            received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: status });
            inFlight.set(id, inFlight.get(id)! - 1);
            res.statusCode = status;
            res.end();
          }, 20);
        });
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      one = await createTestApp(env, { overrides });
      member = await one.createMember();
      const made = await one.send(
        one.withKey(one.http.post('/api/webhooks/endpoints'), member).send({ url, events: ['report.imported'] }),
      );
      secret = made.body.secret;
      endpointId = made.body.endpoint.id;
      two = await createTestApp(env, { overrides, keepData: true });
    }, 180_000);
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await new Promise<void>((done) => server.close(() => done()));
      inFlight = new Map();
    });

    it('delivers every message once, each retried once, never two attempts of one at a time', async () => {
      const messages = 24;
      const ids: string[] = [];
      for (let i = 0; i < messages; i++) {
        // Half the events told on each instance.
        ids.push(await (i % 2 ? two : one).app.get(WebhookDispatcher).sendTest(member.member.id, endpointId));
      }
      // Both instances look for lost jobs while the deliveries are queued or under way: none is lost.
      await Promise.all([one, two].map((app) => app.app.get(WebhookDispatcher).requeueLost()));
      const done = () => received.filter((r) => r.answered === 204).length;
      expect(await eventually(() => done() >= messages, 60_000)).toBe(true);
      for (const id of ids) {
        const attempts = received.filter((r) => r.headers['webhook-id'] === `msg_${id}`);
        expect([id, attempts.map((r) => r.answered)]).toEqual([id, [500, 204]]);
        expect(() =>
          new Webhook(secret).verify(attempts[1].body, attempts[1].headers as Record<string, string>),
        ).not.toThrow();
      }
      expect(received).toHaveLength(2 * messages);
      expect(overlapped).toBe(0);
      const rows = await one.dataSource.query(
        `SELECT status, attempts, count(*)::int AS n FROM webhook_deliveries GROUP BY status, attempts`,
      );
      expect(rows).toEqual([{ status: 'succeeded', attempts: 2, n: messages }]);
      // Each attempt counted once, by the instance that made it.
      let counted = 0;
      for (const app of [one, two]) {
        for (const value of (await app.app.get(Metrics).webhookAttempts.get()).values) counted += value.value;
      }
      expect(counted).toBe(2 * messages);
    }, 90_000);
  },
);
