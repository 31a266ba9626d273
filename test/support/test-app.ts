import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { IpBanService } from '@app/abuse';
import { Clock, type LoadedConfig } from '@app/common';
import { databaseConfig } from '@app/database';
import { ExpressServerAdapter } from '@app/http';
import { CredentialsService } from '@app/credentials';
import { Member, MemberPlan, MemberRole, MembersService, PasswordHasher } from '@app/members';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import request, { Response, Test as SuperTest } from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../apps/api/src/app.module';
import { configureApp } from '../../apps/api/src/configure-app';
import { loadApiConfig } from '../../apps/api/src/startup-config';

export const TEST_SECRET = 'test-credentials-secret-0123456789abcdef';
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef-xyz';
export const TEST_PASSWORD_PEPPER = 'test-password-pepper-0123456789abcdef-xyz';
export const TEST_SETTINGS_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_PASSWORD = 'correct horse battery';
export const usingPostgres = Boolean(process.env.DATABASE_URL);
/**
 * The embedded database of a test app: in memory, from the run's migrated dump (`memory://<file>`, made once per run
 * by test/support/test-databases.js), or empty and migrated at boot when the run made none.
 */
const EMBEDDED_DATA_DIR = process.env.TEST_DATA_DIR || 'memory://';

/**
 * Empties every table of the schema but TypeORM's migrations table (derived from the database, so a table a
 * migration adds is emptied too). `abuse_events` refuses TRUNCATE (append-only); the tests connect as a superuser, so this
 * transaction alone skips triggers (`SET LOCAL session_replication_role = replica`), which the service's role
 * cannot do (see the AbuseEventsNoTruncate migration).
 */
export async function emptyTables(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query('SET LOCAL session_replication_role = replica');
    const tables: Array<{ name: string }> = await manager.query(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> $1`,
      [dataSource.options.migrationsTableName ?? 'migrations'],
    );
    await manager.query(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
  });
}

/** A clock the tests move by hand (session timeouts, grace periods, throttling windows). */
export class FakeClock extends Clock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestMember {
  member: Member;
  apiKey: string;
  apiToken: string;
}

/** Where a stack frame points: a path or URL (`/x.ts`, `C:\\x.js`, `file:///x.js`), `node:…`, or V8's markers. */
const FRAME_LOCATION = String.raw`(?:[^\s()]*[/\\][^\s()]*|node:[^\s()]+|<anonymous>|native|index \d+)`;
/**
 * A V8 stack frame, whatever its shape: `at f (/x.ts:1:2)`, `at new Foo (/x.ts:1:2)`, `at async Foo (…)`,
 * `at Object.<anonymous> (…)`, `at /x.js:1:2`, `at async Promise.all (index 0)`, `at node:internal/…:1:2`.
 */
export const STACK_FRAME = new RegExp(
  String.raw`\bat (?:async )?(?:new )?(?:[^\s()]+ )?(?:\(${FRAME_LOCATION}(?::\d+:\d+)?\)|${FRAME_LOCATION}:\d+:\d+)`,
);

/** Things that must never appear in any response body of the API. */
const FORBIDDEN_IN_BODY: Array<[RegExp, string]> = [
  [/tok_[0-9A-Za-z]{8,}/, 'an API token'],
  [STACK_FRAME, 'a stack trace'],
  [/"stack"\s*:/, 'a serialized error stack'],
  [/node_modules|\.ts:\d+/, 'a source path'],
  [new RegExp(TEST_SECRET), 'the credentials secret'],
  [new RegExp(TEST_SESSION_SECRET), 'the session secret'],
  [new RegExp(TEST_PASSWORD_PEPPER), 'the password pepper'],
  [new RegExp(TEST_SETTINGS_KEY.replace(/[+/]/g, '\\$&')), 'the settings encryption key'],
  [/\$2[aby]\$\d\d\$/, 'a bcrypt password hash'],
  [/v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:/, 'an encrypted setting'],
  [/\b[0-9a-f]{64}\b/, 'a 64-hex digest (credential or session id hash)'],
  [/\b(SELECT|INSERT|UPDATE|DELETE)\b .*\b(FROM|INTO|SET)\b/, 'SQL'],
];

/**
 * The answers allowed to carry an API token, in their `api_token` field: the regenerate answer, and the one that
 * makes a key per integration.
 */
function bodyToScan(res: Response): string {
  const path = (res as Response & { req?: { path?: string } }).req?.path ?? '';
  const issued =
    (res.status === 200 && path.startsWith('/account/credentials/regenerate')) ||
    (res.status === 201 && path === '/account/keys');
  if (issued && res.type === 'application/json') {
    const { api_token: _shownOnce, ...rest } = res.body as Record<string, unknown>;
    return JSON.stringify(rest);
  }
  return res.text ?? '';
}

/** The session id inside an `lc_sid` Set-Cookie header value (`s:<id>.<signature>`, URL-encoded). */
export function sessionIdFromCookie(cookie: string): string | null {
  const match = /^lc_sid=s%3A([^.;]+)\./.exec(cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

export interface SafeBodyContext {
  /** The media type of the response (`application/json`: an error body must then be the envelope). */
  contentType?: string | null;
  /** The response's `X-Request-Id` header, which an error envelope's `request_id` must equal. */
  requestId?: string | null;
  /** Session ids handed out so far: neither they nor their SHA-256 may appear. */
  sessionIds?: Iterable<string>;
}

/**
 * Fails the test when a response body (its status and text, however it was read) leaks a token, a password hash,
 * a secret, a session id, a stack trace or SQL, or when an error answer in JSON is not the contract's envelope.
 */
export function assertSafeBody(status: number, text: string, context: SafeBodyContext = {}): void {
  for (const [pattern, what] of FORBIDDEN_IN_BODY) {
    if (pattern.test(text)) throw new Error(`Response to ${status} leaks ${what}: ${text.slice(0, 300)}`);
  }
  for (const sid of context.sessionIds ?? []) {
    const hash = createHash('sha256').update(sid).digest('hex');
    if (text.includes(sid) || text.includes(hash)) throw new Error(`Response to ${status} leaks a session id`);
  }
  if (status >= 400 && context.contentType === 'application/json') {
    let body: { ok?: unknown; error?: { code?: unknown; message?: unknown }; request_id?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new Error(`Error response ${status} is not JSON: ${text.slice(0, 300)}`);
    }
    if (body.ok !== false || typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string') {
      throw new Error(`Error response ${status} is not in the envelope: ${text.slice(0, 300)}`);
    }
    if (typeof body.request_id !== 'string' || body.request_id !== context.requestId) {
      throw new Error(`Error response ${status} lacks a request_id matching X-Request-Id`);
    }
  }
}

/** `assertSafeBody` for a supertest response. */
export function assertSafeResponse(res: Response, sessionIds: Iterable<string> = []): void {
  const requestId = res.headers['x-request-id'] as string | undefined;
  assertSafeBody(res.status, bodyToScan(res), { contentType: res.type, requestId, sessionIds });
}

/** Reads the body of a `fetch` (or undici) response, checks it with `assertSafeBody`, and returns it. */
export async function safeText(res: {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}): Promise<string> {
  const text = await res.text();
  const contentType = res.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  assertSafeBody(res.status, text, { contentType, requestId: res.headers.get('x-request-id') });
  return text;
}

/** What `start` makes: the booted app and the pieces the tests reach into. */
interface BootedApp {
  app: NestExpressApplication;
  config: LoadedConfig;
  clock: FakeClock;
  logLines: string[];
}

/**
 * A booted app for a test: made by `createTestApp`, or, for a whole describe block, by `testAppForSuite`, which
 * hands the object out at once and starts it in the block's `beforeAll`.
 */
export class TestApp {
  /** Every session id the app has handed out in a cookie during this test app's life. */
  readonly sessionIds = new Set<string>();
  private readonly beforeCloses: Array<() => Promise<unknown>> = [];
  private readonly cleanUps: Array<() => Promise<void>> = [];
  private booted?: BootedApp;

  /** Boots the app with `env` over the test settings (see `createTestApp`). */
  async start(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<this> {
    this.booted = await bootApp(env, options);
    if (!this.config.get(databaseConfig).usesEmbeddedDatabase && !options.keepData) {
      await emptyTables(this.dataSource);
      // The bans were loaded at start, before the tables were emptied.
      await this.app.get(IpBanService).refresh();
    }
    return this;
  }

  private get parts(): BootedApp {
    if (!this.booted) throw new Error('The test app is not started yet: use it in a hook or a test.');
    return this.booted;
  }

  get app(): NestExpressApplication {
    return this.parts.app;
  }

  /** The app's settings, by namespace (`t.config.get(authConfig)`); the app reads these very objects. */
  get config(): LoadedConfig {
    return this.parts.config;
  }

  get clock(): FakeClock {
    return this.parts.clock;
  }

  get http() {
    return request(this.app.getHttpServer());
  }

  /** The log lines written so far (only captured when created with `captureLogs`). */
  get logs(): string {
    return this.parts.logLines.join('');
  }

  /** Listens on a random port of 127.0.0.1; the app's address (`http://127.0.0.1:<port>`). */
  async listen(): Promise<string> {
    await this.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(this.app.getHttpServer().address() as AddressInfo).port}`;
  }

  /** Sends a supertest request and checks the response is safe before handing it back. */
  async send(pending: SuperTest): Promise<Response> {
    const res = await pending;
    const cookies = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const cookie of cookies ?? []) {
      const sid = sessionIdFromCookie(cookie);
      if (sid) this.sessionIds.add(sid);
    }
    assertSafeResponse(res, this.sessionIds);
    return res;
  }

  /**
   * `POST /api/conversions/import<query>` as `member`'s server sends it: a report export (`text/csv` unless
   * `type` says otherwise) with the member's key and token; `query` is `?apply=true` to write, '' to preview.
   */
  importReport(member: TestMember, query: string, body: Buffer | string, type = 'text/csv'): Promise<Response> {
    return this.send(
      this.http
        .post(`/api/conversions/import${query}`)
        .set('X-API-Key', member.apiKey)
        .set('X-API-Token', member.apiToken)
        .set('Content-Type', type)
        .send(body),
    );
  }

  /** `POST /api/convert` with `member`'s key and token in the headers, checked like `send`. */
  convert(member: Pick<TestMember, 'apiKey' | 'apiToken'>, body: unknown): Promise<Response> {
    return this.send(this.withKey(this.http.post('/api/convert'), member).send(body as object));
  }

  /** `pending` with `member`'s key and token in the `X-API-Key` and `X-API-Token` headers. */
  withKey<T extends SuperTest>(pending: T, member: Pick<TestMember, 'apiKey' | 'apiToken'>): T {
    return pending.set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken) as T;
  }

  async createMember(
    options: { email?: string; plan?: MemberPlan; role?: MemberRole; defaultAffiliateId?: string } = {},
  ): Promise<TestMember> {
    const email = options.email ?? `member-${Math.random().toString(36).slice(2)}@example.com`;
    let member = await this.app
      .get(MembersService)
      .create({ email, password: TEST_PASSWORD, plan: options.plan, role: options.role });
    if (options.defaultAffiliateId) {
      await this.dataSource.getRepository(Member).update(member.id, { defaultAffiliateId: options.defaultAffiliateId });
      member = (await this.app.get(MembersService).findById(member.id))!;
    }
    const pair = await this.app.get(CredentialsService).issue(member.id);
    return { member, apiKey: pair.apiKey, apiToken: pair.apiToken };
  }

  get dataSource(): DataSource {
    return this.app.get<DataSource>(getDataSourceToken());
  }

  /**
   * Runs what was asked for with `beforeClose`, closes the app, then runs what was asked for with `afterClose`, in
   * order. An app that never started has nothing to close but its clean-ups.
   */
  async close(): Promise<void> {
    if (this.booted) {
      for (const work of this.beforeCloses) await work();
      await this.booted.app.close();
    }
    for (const cleanUp of this.cleanUps) await cleanUp();
  }

  /** Work to do while the app still runs, before it closes (rows a suite must not leave behind, say). */
  beforeClose(work: () => Promise<unknown>): void {
    this.beforeCloses.push(work);
  }

  /** Work to do once the app is closed (its shared Redis keys deleted, say). */
  afterClose(cleanUp: () => Promise<void>): void {
    this.cleanUps.push(cleanUp);
  }
}

export interface TestAppOptions {
  /** Keep the app's log lines (at LOG_LEVEL, default info) in `t.logs` instead of muting them. */
  captureLogs?: boolean;
  /** Keep what the database holds (a restart of an app that ran before), instead of emptying it. */
  keepData?: boolean;
  /** Providers replaced by the given values (e.g. a service that fails on purpose, to test the 500 path). */
  overrides?: Array<{ provide: unknown; useValue: unknown }>;
  /** More modules beside the root module (e.g. one that registers an `APP_GUARD`, the Nest way). */
  imports?: NonNullable<ModuleMetadata['imports']>;
}

/**
 * Boots the real root module (real database: DATABASE_URL when set, else an in-memory embedded one, migrated),
 * configured exactly as `main.ts` does. Only the edges are replaced: the bcrypt cost is lowered to keep tests
 * fast, and the clock is a `FakeClock` the test can move (`t.clock.advance(ms)`).
 */
export function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  return new TestApp().start(env, options);
}

/**
 * The test app of a describe block: started in its `beforeAll` (with `timeout`, for a slow one), closed in its
 * `afterAll`. Use it from the block's hooks and tests. `env` may be a function, called in that `beforeAll`, for
 * settings an earlier hook makes (a fake's address).
 */
export function testAppForSuite(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions & { timeout?: number } = {},
): TestApp {
  const t = new TestApp();
  beforeAll(() => t.start(typeof env === 'function' ? env() : env, options), options.timeout);
  afterAll(() => t.close());
  return t;
}

async function bootApp(env: Record<string, string>, options: TestAppOptions): Promise<BootedApp> {
  const config = loadApiConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: EMBEDDED_DATA_DIR,
    CREDENTIALS_SECRET: TEST_SECRET,
    SESSION_SECRET: TEST_SESSION_SECRET,
    PASSWORD_PEPPER: TEST_PASSWORD_PEPPER,
    SETTINGS_ENCRYPTION_KEY: TEST_SETTINGS_KEY,
    LOG_LEVEL: options.captureLogs ? 'info' : 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const logLines: string[] = [];
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const clock = new FakeClock();
  let builder = Test.createTestingModule({
    imports: [AppModule.forRoot(config, options.captureLogs ? { logDestination } : {}), ...(options.imports ?? [])],
  })
    .overrideProvider(PasswordHasher)
    .useValue(new PasswordHasher(TEST_PASSWORD_PEPPER, 4))
    .overrideProvider(Clock)
    .useValue(clock);
  for (const { provide, useValue } of options.overrides ?? [])
    builder = builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new ExpressServerAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app, config);
  await app.init();
  return { app, config, clock, logLines };
}
