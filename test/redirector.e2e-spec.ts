import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { loadConfig, ShutdownState } from '@app/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { configureRedirector } from '../apps/redirector/src/configure-redirector';
import { RedirectorModule } from '../apps/redirector/src/redirector.module';
import { AccountClient } from './support/account-client';
import { createTestApp, TEST_SECRET, TestApp, TestMember } from './support/test-app';

const SHORT_HOST = 'go.sl.test';
const AFFILIATE_ID = '17345510000';
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const codeOf = (url: string) => url.split('/').pop()!;

/**
 * The standalone redirector (`apps/redirector`) against the api's database, and clicks surviving a graceful
 * stop. The embedded database belongs to one process at a time, so the apps take turns on one data folder
 * (on Postgres they could run side by side; the same sequence is run on both).
 */
describe('standalone redirector and graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-redirector-'));
  const env = {
    DATA_DIR: dataDir,
    SHORT_LINK_BASE_URL: `https://${SHORT_HOST}`,
    CLICK_FLUSH_INTERVAL_MS: '300000',
  };
  let member: TestMember;
  let codes: string[] = [];

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function startRedirector(): Promise<NestExpressApplication> {
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      CREDENTIALS_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...env,
    });
    const moduleRef = await Test.createTestingModule({ imports: [RedirectorModule.forRoot(config)] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
    configureRedirector(app);
    await app.init();
    return app;
  }

  it('the api makes short links on a dedicated short host (no path prefix)', async () => {
    const t = await createTestApp(env);
    try {
      member = await t.createMember();
      const content = 'https://shopee.vn/product/101/202 https://shopee.vn/product/101/203';
      const res = await t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', member.apiKey)
          .set('X-API-Token', member.apiToken)
          .send({ content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID }),
      );
      expect(res.body.summary.success).toBe(2);
      for (const item of res.body.items)
        expect(item.output).toMatch(new RegExp(`^https://${SHORT_HOST}/[A-Za-z0-9]{7}$`));
      codes = res.body.items.map((item: { output: string }) => codeOf(item.output));
      // Mounted in the api, the dedicated short host is all redirector: api pages are not served there.
      expect((await t.send(t.http.get('/account').set('Host', SHORT_HOST))).status).toBe(404);
      expect((await t.send(t.http.get('/health').set('Host', SHORT_HOST))).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the standalone redirector follows them, counts clicks, and writes them when it stops gracefully', async () => {
    const app = await startRedirector();
    let closed = false;
    try {
      const http = request(app.getHttpServer());
      const hit = await http.get(`/${codes[0]}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA).redirects(0);
      expect(hit.status).toBe(302);
      expect(hit.headers.location).toBe(
        `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shopee.vn/product/101/202')}&affiliate_id=${AFFILIATE_ID}`,
      );
      expect(hit.headers['cache-control']).toBe('private, max-age=90');
      expect(hit.headers['referrer-policy']).toBe('no-referrer');
      for (let i = 0; i < 4; i += 1) {
        await http.get(`/${codes[0]}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA).redirects(0).expect(302);
      }
      await http.get(`/${codes[1]}`).set('Host', `${SHORT_HOST}:8443`).set('User-Agent', 'curl/8.5.0').expect(302);
      await http.head(`/${codes[1]}`).set('Host', SHORT_HOST).expect(302);

      const health = await http.get('/health').set('Host', SHORT_HOST);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok' });
      // Also by address (a load balancer's probe); other paths there are 404.
      expect((await http.get('/health').set('Host', '127.0.0.1:3001')).status).toBe(200);
      expect((await http.get(`/${codes[0]}`).set('Host', '127.0.0.1:3001')).status).toBe(404);
      const unknown = await http.get('/ZZZZZZZ').set('Host', SHORT_HOST);
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await http.get(`/${codes[0]}`).set('Host', 'other.example.com')).status).toBe(404);
      expect((await http.get('/docs').set('Host', SHORT_HOST)).status).toBe(404);
      expect((await http.delete(`/${codes[0]}`).set('Host', SHORT_HOST)).status).toBe(405);

      // Once stopping (GracefulShutdown marks the ShutdownState), redirects and pages ask keep-alive clients to close.
      const keepAlive = (path: string) =>
        http
          .get(path)
          .set('Host', SHORT_HOST)
          .set('Connection', 'keep-alive')
          .set('User-Agent', BROWSER_UA)
          .redirects(0);
      expect((await keepAlive(`/${codes[0]}`)).headers.connection).toBe('keep-alive');
      app.get(ShutdownState).begin();
      const closing = await keepAlive(`/${codes[0]}`);
      expect(closing.status).toBe(302);
      expect(closing.headers.connection).toBe('close');
      const closingMissing = await keepAlive('/ZZZZZZZ');
      expect(closingMissing.status).toBe(404);
      expect(closingMissing.headers.connection).toBe('close');

      // Nothing is written until the flush: the graceful stop does it.
      const [before] = await app
        .get<DataSource>(getDataSourceToken())
        .query('SELECT sum(clicks)::int AS c FROM short_links');
      expect(before.c).toBe(0);
      await app.close();
      closed = true;
    } finally {
      if (!closed) await app.close();
    }
  });

  it('the clicks written at shutdown are in the account area', async () => {
    const t: TestApp = await createTestApp(env, { keepData: true });
    try {
      const client = await new AccountClient(t).loginOk(member.member.email);
      const list = await client.get('/account/short-links');
      const byCode = new Map(list.body.short_links.map((link: { code: string }) => [link.code, link]));
      expect(byCode.get(codes[0])).toMatchObject({ clicks: 7, bot_clicks: 0 });
      expect(byCode.get(codes[1])).toMatchObject({ clicks: 0, bot_clicks: 2 });
      const perDay = await client.get('/account/short-links/clicks?days=1');
      expect(perDay.body.days).toEqual([{ day: new Date().toISOString().slice(0, 10), clicks: 7, bot_clicks: 2 }]);
    } finally {
      await t.close();
    }
  });

  it('loses no click when the api (redirector mounted) stops right after them, before any flush', async () => {
    const t = await createTestApp(env, { keepData: true });
    await new Promise<void>((resolve) => t.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const agent = request(`http://127.0.0.1:${port}`);
    const clicks = Array.from({ length: 20 }, () =>
      agent.get(`/${codes[1]}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA).redirects(0),
    );
    const statuses = await Promise.all(clicks.map((pending) => pending.then((res) => res.status)));
    await t.close();
    expect(statuses.every((status) => status === 302)).toBe(true);
    const again = await createTestApp(env, { keepData: true });
    try {
      const [row] = await again.dataSource.query('SELECT clicks::int AS c FROM short_links WHERE code = $1', [
        codes[1],
      ]);
      expect(row.c).toBe(20);
    } finally {
      await again.close();
    }
  });
});
