import express from 'express';
import request from 'supertest';
import { API_SECURITY_HEADERS, securityHeaders } from './security-headers';

/** HSTS and `upgrade-insecure-requests` only when the request reached us over HTTPS (as `TRUST_PROXY` says). */
describe('securityHeaders', () => {
  function app(trustProxy: string | false) {
    const server = express();
    server.set('trust proxy', trustProxy);
    server.use(securityHeaders());
    server.get('/', (_req, res) => res.send('ok'));
    server.get('/api/convert', (_req, res) => res.json({ ok: true }));
    return server;
  }

  it('sends neither over plain HTTP, even when a client claims https without a trusted proxy', async () => {
    for (const headers of [{}, { 'X-Forwarded-Proto': 'https' }]) {
      const res = await request(app(false)).get('/').set(headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('sends both over HTTPS as told by a trusted proxy', async () => {
    const res = await request(app('loopback')).get('/').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("sends the JSON API its own short set, whatever the case of the path, and the pages helmet's", async () => {
    for (const path of ['/api/convert', '/API/Convert', '/api/convert?x=1']) {
      const res = await request(app(false)).get(path);
      const sent = API_SECURITY_HEADERS.map(([name]) => [name, res.headers[name.toLowerCase()]]);
      expect(sent).toEqual(API_SECURITY_HEADERS);
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control']) {
        expect(res.headers[pageOnly]).toBeUndefined();
      }
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const secure = await request(app('loopback')).get('/api/convert').set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(secure.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Not the API: a path that only starts with the same letters.
    const page = await request(app(false)).get('/apidocs');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
