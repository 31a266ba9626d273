import express from 'express';
import request from 'supertest';
import { securityHeaders } from './security-headers';

/** HSTS and `upgrade-insecure-requests` only when the request reached us over HTTPS (as `TRUST_PROXY` says). */
describe('securityHeaders', () => {
  function app(trustProxy: string | false) {
    const server = express();
    server.set('trust proxy', trustProxy);
    server.use(securityHeaders());
    server.get('/', (_req, res) => res.send('ok'));
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
});
