import type { Response, Test as SuperTest } from 'supertest';
import request from 'supertest';
import { sessionIdFromCookie, TEST_PASSWORD, TestApp } from './test-app';

/**
 * A browser-like client of the account API: keeps its cookies (supertest agent), remembers the CSRF token the
 * server hands out and sends it on every state-changing request. Every response goes through `t.send`.
 */
export class AccountClient {
  readonly agent: ReturnType<typeof request.agent>;
  csrf: string | null = null;
  /** The raw `lc_sid=…` cookie pair and the session id in it, as last set by the server. */
  cookie: string | null = null;
  sessionId: string | null = null;

  constructor(
    private readonly t: TestApp,
    private readonly headers: Record<string, string> = {},
  ) {
    this.agent = request.agent(t.app.getHttpServer());
  }

  private async send(pending: SuperTest, withCsrf: boolean): Promise<Response> {
    for (const [name, value] of Object.entries(this.headers)) pending.set(name, value);
    pending.set('Accept', 'application/json');
    if (withCsrf && this.csrf) pending.set('X-CSRF-Token', this.csrf);
    const res = await this.t.send(pending);
    for (const cookie of (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      if (!cookie.startsWith('lc_sid=')) continue;
      this.cookie = cookie.split(';')[0];
      this.sessionId = sessionIdFromCookie(cookie);
    }
    if (typeof res.body?.csrf_token === 'string') this.csrf = res.body.csrf_token;
    return res;
  }

  get(path: string): Promise<Response> {
    return this.send(this.agent.get(path), false);
  }

  post(path: string, body: object = {}): Promise<Response> {
    return this.send(this.agent.post(path).send(body), true);
  }

  patch(path: string, body: object): Promise<Response> {
    return this.send(this.agent.patch(path).send(body), true);
  }

  delete(path: string): Promise<Response> {
    return this.send(this.agent.delete(path), true);
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.get('/account/csrf');
    return res.body.csrf_token;
  }

  async register(email: string, password = TEST_PASSWORD): Promise<Response> {
    if (!this.csrf) await this.fetchCsrf();
    return this.post('/account/register', { email, password });
  }

  async login(email: string, password = TEST_PASSWORD): Promise<Response> {
    if (!this.csrf) await this.fetchCsrf();
    return this.post('/account/login', { email, password });
  }

  /** Logs in and fails the test unless it worked. */
  async loginOk(email: string, password = TEST_PASSWORD): Promise<this> {
    const res = await this.login(email, password);
    if (res.status !== 200) throw new Error(`Login failed: ${res.status} ${res.text}`);
    return this;
  }

  async regenerate(password: string, graceSeconds: number): Promise<Response> {
    return this.post('/account/credentials/regenerate', { password, grace_seconds: graceSeconds });
  }
}

/** `POST /api/convert` with a key/token pair; returns the status. */
export async function convertStatus(t: TestApp, apiKey: string, apiToken: string): Promise<number> {
  const res = await t.send(
    t.http
      .post('/api/convert')
      .set('X-API-Key', apiKey)
      .set('X-API-Token', apiToken)
      .send({ content: 'https://shopee.vn/product/1/2', mode: 'link_goc' }),
  );
  return res.status;
}

/**
 * A supertest agent on `base` (an api in another process) logged in as `email`, as a browser does it (the
 * pre-login CSRF token, then the login): the agent and its session's CSRF token. Fails the test unless the
 * login answers 200.
 */
export async function loggedInAgent(
  base: string,
  email: string,
  password: string,
): Promise<{ agent: ReturnType<typeof request.agent>; csrf: string }> {
  const agent = request.agent(base);
  const csrf = (await agent.get('/account/csrf').set('Accept', 'application/json')).body.csrf_token as string;
  const login = await agent.post('/account/login').set('X-CSRF-Token', csrf).send({ email, password });
  expect(login.status).toBe(200);
  return { agent, csrf: login.body.csrf_token as string };
}
