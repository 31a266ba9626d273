import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { deleteRedisKeys } from '../../test/support/abuse-stores';
import { ApiProcess, freePort, runCli } from '../../test/support/api-process';
import { FAKE_CREDENTIALS, startFakeOutside, type FakeOutside } from '../../test/support/fake-outside';
import { MEMORY_PROBE_ARGS } from './memory';
import { REDIRECT_HOST } from '../redirect/load';
import type { LoadTarget } from './load';

/** How long a service may take to start (transpiled from the sources on load: minutes on a busy machine). */
export const READY_TIMEOUT_MS = 180_000;

export interface BenchMember {
  memberId: string;
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
 * Also, on first use: the bare server with `own_shortener` (`shortenerBaseline()`), and the redirector
 * (`redirector()`). To benchmark another service, add a lazy getter like these that starts it with
 * `ApiProcess.start({ script: ... })`, and stop it in `close()`.
 */
export class BenchContext {
  private apiProcess: Promise<ApiProcess> | null = null;
  private baselineProcess: Promise<ApiProcess> | null = null;
  private shortenerBaselineProcess: Promise<ApiProcess> | null = null;
  private redirectorProcess: Promise<ApiProcess> | null = null;
  private dataDir: string | null = null;
  private baselineDataDir: string | null = null;
  private seeded: BenchMember | null = null;
  private seeding: Promise<BenchMember> | null = null;
  private outside: Promise<FakeOutside> | null = null;
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
      // As scripts/serve.sh starts the service (npm start and the other start scripts).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      RATE_LIMIT_PRO_PER_KEY: '1000000',
      RATE_LIMIT_PRO_PER_MEMBER: '1000000',
      LINK_BUDGET_PRO_PER_KEY: '100000000',
      LINK_BUDGET_PRO_PER_MEMBER: '100000000',
      CONVERT_MAX_CONTENT_CHARS: '200000',
      // `METRICS_ENABLED=false npm run bench` measures the api without the request histogram (the overhead).
      METRICS_ENABLED: process.env.METRICS_ENABLED,
      // Short links on a host of their own (no path): `GET /<code>` with that Host is the redirector's.
      SHORT_LINK_BASE_URL: `http://${REDIRECT_HOST}`,
      // BENCH_API_ENV: settings for the api processes, e.g. `CONVERT_SLICE_MS=2 LOG_LEVEL=warn` (tuning runs).
      ...Object.fromEntries(
        (process.env.BENCH_API_ENV ?? '')
          .split(' ')
          .filter((pair) => pair.includes('='))
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
      ...extra,
    };
  }

  /** The member the benchmarks call as (a Pro member made with the CLI before the api starts). */
  member(): Promise<BenchMember> {
    // One creation even when several services ask at once (the embedded database takes one process at a time).
    this.seeding ??= this.createMember();
    return this.seeding;
  }

  private async createMember(): Promise<BenchMember> {
    const email = `bench-${randomUUID().slice(0, 8)}@bench.invalid`;
    const password = randomUUID();
    const out = await runCli(
      ['members:create', '--email', email, '--password-stdin', '--plan', 'pro'],
      this.apiEnv(),
      password,
    );
    this.seeded = { memberId: out.member_id, email, password, apiKey: out.api_key, apiToken: out.api_token };
    return this.seeded;
  }

  /**
   * The api process (started on first use, after the member exists: the embedded database is single-process).
   * `probeMemory` preloads bench/lib/memory-probe.js with --expose-gc (the soak reads the live heap over IPC).
   */
  api(options: { probeMemory?: boolean } = {}): Promise<ApiProcess> {
    const extra = this.nodeArgs();
    const probe = options.probeMemory ? { nodeArgs: [...extra, ...MEMORY_PROBE_ARGS], ipc: true } : { nodeArgs: extra };
    this.apiProcess ??= Promise.all([this.member(), this.fakeOutside()]).then(([, outside]) =>
      ApiProcess.start({
        env: this.apiEnv(outside.env),
        entry: process.env.BENCH_CLUSTER ? 'cluster' : 'main',
        readyTimeoutMs: READY_TIMEOUT_MS,
        // BENCH_API_LOG: a file that keeps the api's output (with BENCH_API_NODE_ARGS="--trace-gc", its collections).
        logFile: process.env.BENCH_API_LOG || undefined,
        ...probe,
      }),
    );
    return this.apiProcess;
  }

  /**
   * BENCH_API_NODE_ARGS: extra node flags for the api and redirector processes, e.g. `--cpu-prof
   * --cpu-prof-dir=/tmp/prof` to profile them under the load (each profile is written when the run stops it).
   */
  nodeArgs(): string[] {
    return (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  }

  /**
   * The fake outside services on 127.0.0.1 (test/support/fake-outside.ts), started before the api, which is
   * pointed at them: the product details (`include: ["product"]`) and the outside modes call them, never the real
   * services.
   */
  fakeOutside(): Promise<FakeOutside> {
    this.outside ??= startFakeOutside();
    return this.outside;
  }

  /**
   * Saves the fake Shopee and Lazada API credentials in the bench member's settings, as a member does: log in on
   * the account area (CSRF token, session cookie) and `PATCH /account/settings`.
   */
  async saveMarketplaceCredentials(baseUrl: string): Promise<void> {
    const member = await this.member();
    let cookie = '';
    let csrf = '';
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(cookie ? { cookie } : {}),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const set = res.headers.getSetCookie().find((value) => value.startsWith('lc_sid='));
      if (set) cookie = set.split(';')[0];
      const answer = (await res.json()) as { csrf_token?: string };
      if (typeof answer.csrf_token === 'string') csrf = answer.csrf_token;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
    };
    await call('GET', '/account/csrf');
    await call('POST', '/account/login', { email: member.email, password: member.password });
    await call('PATCH', '/account/settings', {
      shopee_app_id: FAKE_CREDENTIALS.shopeeAppId,
      shopee_app_secret: FAKE_CREDENTIALS.shopeeSecret,
      lazada_app_key: FAKE_CREDENTIALS.lazadaAppKey,
      lazada_app_secret: FAKE_CREDENTIALS.lazadaAppSecret,
      lazada_user_token: FAKE_CREDENTIALS.lazadaUserToken,
    });
  }

  /** The bare node:http server running the same conversion code. */
  baseline(): Promise<ApiProcess> {
    this.baselineProcess ??= ApiProcess.start({
      script: 'bench/baseline-server.ts',
      env: { CONVERT_MAX_CONTENT_CHARS: '200000', NODE_ENV: 'production' },
    });
    return this.baselineProcess;
  }

  /**
   * The bare server with `own_shortener` as well, for the bench member: on `DATABASE_URL` the api's database
   * (the member is the api's, so both reuse the same codes); else an embedded database of its own (the api's
   * belongs to the api process), migrated by the baseline, with the same member id.
   */
  shortenerBaseline(): Promise<ApiProcess> {
    this.shortenerBaselineProcess ??= this.member().then((member) => {
      if (!this.databaseUrl) this.baselineDataDir = mkdtempSync(join(tmpdir(), 'linkconv-bench-baseline-'));
      return ApiProcess.start({
        script: 'bench/baseline-server.ts',
        env: {
          CONVERT_MAX_CONTENT_CHARS: '200000',
          NODE_ENV: 'production',
          SHORT_LINK_BASE_URL: `http://${REDIRECT_HOST}`,
          BASELINE_MEMBER_ID: member.memberId,
          DATABASE_URL: this.databaseUrl,
          BASELINE_DATA_DIR: this.baselineDataDir ?? undefined,
        },
      });
    });
    return this.shortenerBaselineProcess;
  }

  /** What serves the short links: `apps/redirector` on `DATABASE_URL`, else the api (redirector mounted). */
  get redirectorKind(): string {
    return this.databaseUrl ? 'redirector (apps/redirector)' : 'api, redirector mounted';
  }

  /**
   * The redirector: with `DATABASE_URL`, the standalone app (`apps/redirector`, same database and Redis as the
   * api); without it the api process itself (the embedded database belongs to one process).
   */
  redirector(): Promise<ApiProcess> {
    if (!this.databaseUrl) return this.api();
    this.redirectorProcess ??= this.api().then(async () => {
      const port = String(await freePort());
      return ApiProcess.start({
        script: 'apps/redirector/src/main.ts',
        env: this.apiEnv({ PORT: port, REDIRECTOR_PORT: port }),
        readyTimeoutMs: READY_TIMEOUT_MS,
        nodeArgs: this.nodeArgs(),
        // BENCH_REDIRECTOR_LOG: as BENCH_API_LOG, for the standalone redirector.
        logFile: process.env.BENCH_REDIRECTOR_LOG || undefined,
      });
    });
    return this.redirectorProcess;
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
    const processes = [this.redirectorProcess, this.apiProcess, this.baselineProcess, this.shortenerBaselineProcess];
    for (const pending of processes) {
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
    await (await this.outside?.catch(() => null))?.close();
    if (this.redisUrl) await deleteRedisKeys(this.redisUrl, this.redisPrefix).catch(() => 0);
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
    if (this.baselineDataDir) rmSync(this.baselineDataDir, { recursive: true, force: true });
  }
}
