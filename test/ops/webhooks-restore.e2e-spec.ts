import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Clock } from '@app/common';
import { AddressPolicy } from '@app/conversion';
import {
  type DatabaseTarget,
  openForReading,
  readDatabase,
  restoreBackupFile,
  restoreRecords,
  writeBackupFile,
} from '@app/database';
import { Webhook } from 'standardwebhooks';
import { MIGRATIONS } from '../../apps/api/src/migrations';
import { eventually } from '../support/api-process';
import { describeIf } from '../support/skip';
import { createTestApp, FakeClock, type TestApp, usingPostgres } from '../support/test-app';

/**
 * pg-boss's schema is not in a backup or a move (docs/operations.md, "Webhooks"): its jobs are the queue's
 * bookkeeping, the delivery log is the truth. A delivery pending when the backup was made (its first attempt failed,
 * its retry an hour away) is queued again by the service started on the restored or moved database, and delivered,
 * signed with the secret the backup kept sealed.
 */

/** A receiver on 127.0.0.1 that answers `status` to every request and records them. */
class Receiver {
  readonly received: Array<{ headers: IncomingHttpHeaders; body: string; answered: number }> = [];
  status = 500;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered: this.status,
        });
        res.statusCode = this.status;
        res.end();
      });
    });
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  of(messageId: string) {
    return this.received.filter((r) => r.headers['webhook-id'] === messageId);
  }

  close(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

/** A PostgreSQL database of this test's own, made empty (`<the worker's database>_<suffix>`). */
async function freshDatabase(suffix: string): Promise<string> {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  url.pathname = `/${name}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return url.toString();
}

const POLICY = { provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) };

describeIf(usingPostgres, 'needs DATABASE_URL: a PostgreSQL server to restore and move into (db:move moves to one)')(
  'webhooks: pending deliveries survive a backup and restore, and a move',
  () => {
    const root = mkdtempSync(join(tmpdir(), 'linkconv-webhooks-restore-'));
    const receiver = new Receiver();
    let url: string;
    let secret: string;
    let messageId: string;
    const targets: Array<{ name: string; target: DatabaseTarget; env: Record<string, string> }> = [];

    beforeAll(async () => {
      url = await receiver.start();
      for (const name of ['restore', 'move']) {
        const target = await freshDatabase(`webhooks_${name}`);
        targets.push({ name, target: { url: target, embeddedDir: root }, env: { DATABASE_URL: target } });
      }
    }, 60_000);
    afterAll(async () => {
      await receiver.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('backs up (and moves) a database holding a pending delivery; pg-boss schema left out', async () => {
      // The first attempt fails; the retry is an hour away (WEBHOOK_RETRY_BASE_MS at its largest).
      const a: TestApp = await createTestApp({ WEBHOOK_RETRY_BASE_MS: '3600000' }, { overrides: [POLICY] });
      try {
        const member = await a.createMember();
        const made = await a.send(
          a.withKey(a.http.post('/api/webhooks/endpoints'), member).send({ url, events: ['report.imported'] }),
        );
        expect(made.status).toBe(201);
        secret = made.body.secret;
        const test = await a.send(
          a.http
            .post(`/api/webhooks/endpoints/${made.body.endpoint.id}/test`)
            .set('X-API-Key', member.apiKey)
            .set('X-API-Token', member.apiToken),
        );
        expect(test.status).toBe(202);
        messageId = `msg_${test.body.delivery_id}`;
        const logged = async () =>
          (
            await a.dataSource.query(`SELECT status, attempts FROM webhook_deliveries WHERE id = $1`, [
              test.body.delivery_id,
            ])
          )[0];
        expect(await eventually(async () => (await logged()).attempts === 1, 15_000)).toBe(true);
        expect(await logged()).toMatchObject({ status: 'pending', attempts: 1 });
        // Its retry is a job in pg-boss's schema, which the backup does not read. Only this delivery's job is
        // counted: earlier files of the same test worker may have left retries of their own in its database.
        const jobs = async () =>
          (
            await a.dataSource.query(
              `SELECT count(*)::int AS jobs FROM pgboss.job
                WHERE name = 'webhook-delivery' AND state = 'created' AND data->>'deliveryId' = $1`,
              [test.body.delivery_id],
            )
          )[0].jobs;
        expect(await eventually(async () => (await jobs()) === 1, 10_000)).toBe(true);

        const kind = 'postgresql';
        const file = join(root, 'backup.gz');
        const runner = a.dataSource.createQueryRunner();
        try {
          const written = await writeBackupFile(file, readDatabase(runner, kind));
          expect(written.header.tables).toContain('webhook_deliveries');
          expect(written.header.tables.some((table) => table.includes('job'))).toBe(false);
          await restoreBackupFile(targets[0].target, file, { migrations: MIGRATIONS });
          // db:move: the rows read and restored in one go, without a file.
          await restoreRecords(targets[1].target, readDatabase(runner, kind), { migrations: MIGRATIONS });
        } finally {
          await runner.release();
        }
      } finally {
        await a.close();
      }
      expect(receiver.of(messageId).map((r) => r.answered)).toEqual([500]);
      for (const { target } of targets) {
        const db = await openForReading(target);
        try {
          const [state] = await db.runner.query(
            `SELECT to_regnamespace('pgboss') IS NULL AS no_queue,
                  (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS pending`,
          );
          expect(state).toEqual({ no_queue: true, pending: 1 });
        } finally {
          await db.close();
        }
      }
    }, 120_000);

    it.each(['restore', 'move'])(
      'the service on the %s database queues the delivery again and it lands, signed',
      async (name) => {
        const { env } = targets.find((t) => t.name === name)!;
        receiver.status = 204;
        const before = receiver.of(messageId).length;
        // Started two hours later: the delivery's retry is due.
        const later = new FakeClock();
        later.advance(2 * 3_600_000);
        const b = await createTestApp(env, {
          keepData: true,
          overrides: [POLICY, { provide: Clock, useValue: later }],
        });
        try {
          expect(await eventually(() => receiver.of(messageId).length > before, 20_000)).toBe(true);
          const landed = receiver.of(messageId).slice(before);
          expect(landed.map((r) => r.answered)).toEqual([204]);
          // Signed with the secret the backup kept sealed (the reference package's signature of what came; its
          // verify() would refuse the timestamp, two hours ahead of this machine's clock as the service's is).
          const { headers, body } = landed[0];
          const at = new Date(Number(headers['webhook-timestamp']) * 1000);
          expect(headers['webhook-signature']).toBe(new Webhook(secret).sign(messageId, at, body));
          const row = async () =>
            (
              await b.dataSource.query(
                `SELECT status, attempts FROM webhook_deliveries WHERE 'msg_' || id::text = $1`,
                [messageId],
              )
            )[0];
          expect(await eventually(async () => (await row()).status === 'succeeded', 10_000)).toBe(true);
          // The attempt before the backup and this one.
          expect(await row()).toMatchObject({ status: 'succeeded', attempts: 2 });
        } finally {
          await b.close();
        }
      },
      120_000,
    );
  },
);
