import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AppConfig, loadConfig } from '@app/common';
import { CredentialsService } from '@app/credentials';
import { Member, MemberPlan, MembersService, PasswordHasher } from '@app/members';
import request, { Response, Test as SuperTest } from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../apps/api/src/app.module';
import { configureApp } from '../../apps/api/src/configure-app';

export const TEST_SECRET = 'test-credentials-secret-0123456789abcdef';
export const usingPostgres = Boolean(process.env.DATABASE_URL);

export interface TestMember {
  member: Member;
  apiKey: string;
  apiToken: string;
}

/** Things that must never appear in any response body of the API. */
const FORBIDDEN_IN_BODY: Array<[RegExp, string]> = [
  [/tok_[0-9A-Za-z]{8,}/, 'an API token'],
  [/\bat [^\s]+ \(.*:\d+:\d+\)/, 'a stack trace'],
  [/node_modules|\.ts:\d+/, 'a source path'],
  [new RegExp(TEST_SECRET), 'the credentials secret'],
  [/\b(SELECT|INSERT|UPDATE|DELETE)\b .*\b(FROM|INTO|SET)\b/, 'SQL'],
];

/** Fails the test when a response leaks a token, a stack trace, a secret or SQL. */
export function assertSafeResponse(res: Response): void {
  const text = res.text ?? '';
  for (const [pattern, what] of FORBIDDEN_IN_BODY) {
    if (pattern.test(text)) throw new Error(`Response to ${res.status} leaks ${what}: ${text.slice(0, 300)}`);
  }
  if (res.status >= 400 && res.type === 'application/json') {
    const body = res.body as { ok?: unknown; error?: { code?: unknown; message?: unknown }; request_id?: unknown };
    if (body.ok !== false || typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string') {
      throw new Error(`Error response ${res.status} is not in the envelope: ${text.slice(0, 300)}`);
    }
    if (typeof body.request_id !== 'string' || body.request_id !== res.headers['x-request-id']) {
      throw new Error(`Error response ${res.status} lacks a request_id matching X-Request-Id`);
    }
  }
}

export class TestApp {
  constructor(
    readonly app: NestExpressApplication,
    readonly config: AppConfig,
  ) {}

  get http() {
    return request(this.app.getHttpServer());
  }

  /** Sends a supertest request and checks the response is safe before handing it back. */
  async send(pending: SuperTest): Promise<Response> {
    const res = await pending;
    assertSafeResponse(res);
    return res;
  }

  async createMember(
    options: { email?: string; plan?: MemberPlan; defaultAffiliateId?: string } = {},
  ): Promise<TestMember> {
    const email = options.email ?? `member-${Math.random().toString(36).slice(2)}@example.com`;
    let member = await this.app
      .get(MembersService)
      .create({ email, password: 'correct horse battery', plan: options.plan });
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

  close(): Promise<void> {
    return this.app.close();
  }
}

/**
 * Boots the real root module (real database: DATABASE_URL when set, else an in-memory embedded one),
 * configured exactly as `main.ts` does. Only the bcrypt cost is lowered, to keep tests fast.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: 'memory://',
    CREDENTIALS_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(PasswordHasher)
    .useValue(new PasswordHasher(4))
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  configureApp(app, config);
  await app.init();
  const testApp = new TestApp(app, config);
  if (!config.usesEmbeddedDatabase)
    await testApp.dataSource.query('TRUNCATE credentials, members RESTART IDENTITY CASCADE');
  return testApp;
}
