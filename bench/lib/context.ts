import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { deleteRedisKeys } from '../../test/support/abuse-stores';
import { ApiProcess, ROOT, runCli } from '../../test/support/api-process';
import type { LoadTarget } from './load';

export interface BenchMember {
  email: string;
  password: string;
  apiKey: string;
  apiToken: string;
}

/**
 * The services a bench run needs, started once and shared by every benchmark of the run, as real separate
 * processes on loopback: the api (`DATABASE_URL` when set, else an embedded database in a temporary folder;
 * `REDIS_URL` when set, under a key prefix of its own) and the bare `node:http` baseline.
 *
 * To benchmark another service (the redirector, when it lands), add a lazy getter like `api()` that starts it
 * with `ApiProcess.start({ script: ... })`, and stop it in `close()`.
 */
export class BenchContext {
  private apiProcess: Promise<ApiProcess> | null = null;
  private baselineProcess: Promise<ApiProcess> | null = null;
  private dataDir: string | null = null;
  private seeded: BenchMember | null = null;
  readonly redisPrefix = `linkconv-bench:${randomUUID().slice(0, 8)}:`;
  readonly databaseUrl = process.env.DATABASE_URL || undefined;
  readonly redisUrl = process.env.REDIS_URL || undefined;

  /** Where the api keeps its data, for the run's record. */
  get storage(): string {
    return `${this.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}${this.redisUrl ? ' + Redis (REDIS_URL)' : ''}`;
  }

  /** The environment every api (and CLI) process of this run gets. */
  apiEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
    if (!this.databaseUrl && !this.dataDir) this.dataDir = mkdtempSync(join(tmpdir(), 'linkconv-bench-'));
    return {
      DATABASE_URL: this.databaseUrl,
      DATA_DIR: this.dataDir ?? undefined,
      REDIS_URL: this.redisUrl,
      REDIS_KEY_PREFIX: this.redisPrefix,
      // Production settings, except limits high enough not to be what is measured.
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      RATE_LIMIT_PRO_PER_KEY: '1000000',
      RATE_LIMIT_PRO_PER_MEMBER: '1000000',
      CONVERT_MAX_CONTENT_CHARS: '200000',
      ...extra,
    };
  }

  /** The member the benchmarks call as (a Pro member made with the CLI before the api starts). */
  async member(): Promise<BenchMember> {
    if (this.seeded) return this.seeded;
    const email = `bench-${randomUUID().slice(0, 8)}@bench.invalid`;
    const password = randomUUID();
    const out = await runCli(
      ['members:create', '--email', email, '--password', password, '--plan', 'pro'],
      this.apiEnv(),
    );
    this.seeded = { email, password, apiKey: out.api_key, apiToken: out.api_token };
    return this.seeded;
  }

  /**
   * The api process (started on first use, after the member exists: the embedded database is single-process).
   * `probeMemory` preloads bench/lib/memory-probe.js with --expose-gc (the soak reads the live heap over IPC).
   */
  api(options: { probeMemory?: boolean } = {}): Promise<ApiProcess> {
    const probe = options.probeMemory
      ? { nodeArgs: ['--expose-gc', '-r', join(ROOT, 'bench/lib/memory-probe.js')], ipc: true }
      : {};
    this.apiProcess ??= this.member().then(() =>
      ApiProcess.start({ env: this.apiEnv(), entry: process.env.BENCH_CLUSTER ? 'cluster' : 'main', ...probe }),
    );
    return this.apiProcess;
  }

  /** The bare node:http server running the same conversion code. */
  baseline(): Promise<ApiProcess> {
    this.baselineProcess ??= ApiProcess.start({
      script: 'bench/baseline-server.ts',
      env: { CONVERT_MAX_CONTENT_CHARS: '200000', NODE_ENV: 'production' },
    });
    return this.baselineProcess;
  }

  /** A convert call as a partner's server makes it. */
  async convertTarget(base: string, body: Record<string, unknown>): Promise<LoadTarget> {
    const member = await this.member();
    return {
      url: `${base}/api/convert`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': member.apiKey, 'x-api-token': member.apiToken },
      body: JSON.stringify(body),
    };
  }

  /** Stops the processes and removes what the run created (the member row, the Redis keys, the temp folder). */
  async close(): Promise<void> {
    for (const pending of [this.apiProcess, this.baselineProcess]) {
      const service = await pending?.catch(() => null);
      await service?.stop();
      await service?.dispose();
    }
    if (this.databaseUrl && this.seeded) {
      const client = new Client({ connectionString: this.databaseUrl });
      try {
        await client.connect();
        await client.query('DELETE FROM members WHERE email = $1', [this.seeded.email]);
      } catch (error) {
        process.stderr.write(`Could not delete the bench member ${this.seeded.email}: ${String(error)}\n`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    if (this.redisUrl) await deleteRedisKeys(this.redisUrl, this.redisPrefix).catch(() => 0);
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
