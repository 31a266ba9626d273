import { ValidationPipe } from '@nestjs/common';
import { AccountClient } from '../support/account-client';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Reproduction 1 of the request-input checks, the per-IP sign-up limit: applied before any costly work. In a file
 * of its own because it needs an app with a limit of 1, and on the embedded database every app of a test file
 * shares one in-memory database (typeorm-pglite keeps one instance per module registry): closing a second app
 * beside request-input.e2e-spec.ts's would close the database under the first.
 */
describe('request input: the per-IP sign-up limit', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ TRUST_PROXY: 'loopback', REGISTRATIONS_PER_IP_PER_HOUR: '1' });
  });
  afterAll(() => limited.close());

  it('applies the per-IP sign-up limit before the body is validated', async () => {
    const client = new AccountClient(limited, { 'X-Forwarded-For': '192.0.2.77' });
    expect((await client.register(`first-${Date.now().toString(36)}@example.com`)).status).toBe(201);
    const transform = jest.spyOn(ValidationPipe.prototype, 'transform');
    try {
      const res = await client.post('/account/register', { email: 'not an email', unknown: 1 });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      expect(transform).not.toHaveBeenCalled();
    } finally {
      transform.mockRestore();
    }
  });
});
