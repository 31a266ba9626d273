import { Reflector } from '@nestjs/core';
import { ExecutionContext, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { AppException } from '@app/common';
import { ApiCredentialsGuard } from './api-credentials.guard';
import { AuthFailed } from './credential-events';
import type { CredentialsService } from './credentials.service';

const KEY = `sk_${'a'.repeat(32)}`;

function contextOf(headers: Record<string, string>): ExecutionContext {
  const req = { headers, body: {}, ip: '203.0.113.5', path: '/api/convert' };
  const res = { setHeader: () => undefined };
  return { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ExecutionContext;
}

/** The guard's side of `AuthFailed`: emitted and awaited before the 401, what a listener may and may not change. */
describe('ApiCredentialsGuard and AuthFailed', () => {
  const credentials = { verify: async () => null } as unknown as CredentialsService;
  const wrongPair = contextOf({ 'x-api-key': KEY, 'x-api-token': 'wrong', 'user-agent': 'curl/8' });
  let emitter: EventEmitter2;
  let guard: ApiCredentialsGuard;
  let error: jest.SpyInstance;

  beforeEach(() => {
    emitter = new EventEmitter2();
    guard = new ApiCredentialsGuard(credentials, emitter, new Reflector());
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => error.mockRestore());

  const refusal = (): Promise<AppException> =>
    guard.canActivate(wrongPair).then(
      () => {
        throw new Error('let a wrong pair through');
      },
      (thrown: unknown) => thrown as AppException,
    );

  it('emits AuthFailed for a wrong pair and waits for the listeners before refusing with 401', async () => {
    const heard: AuthFailed[] = [];
    emitter.on(AuthFailed.event, async (event: AuthFailed) => {
      await new Promise((done) => setImmediate(done));
      heard.push(event);
    });
    const refused = await refusal();
    expect(refused.code).toBe('invalid_credentials');
    expect(heard).toEqual([new AuthFailed('203.0.113.5', '/api/convert', 'curl/8', 'sk_aaaa…aaaa')]);
    expect(error).not.toHaveBeenCalled();
  });

  it('gives no key preview when the key has not the valid shape, and emits nothing for missing credentials', async () => {
    const heard: AuthFailed[] = [];
    emitter.on(AuthFailed.event, (event: AuthFailed) => void heard.push(event));
    await guard.canActivate(contextOf({ 'x-api-key': 'nope', 'x-api-token': 'wrong' })).catch(() => undefined);
    expect(heard.map((event) => event.keyPreview)).toEqual([null]);
    const missing = await guard.canActivate(contextOf({})).catch((thrown: AppException) => thrown);
    expect((missing as AppException).code).toBe('missing_credentials');
    expect(heard).toHaveLength(1);
  });

  it("answers with a listener's AppException (a client banned meanwhile: 403)", async () => {
    emitter.on(AuthFailed.event, async () => {
      throw new AppException('ip_blocked', 'blocked', { retryAfterSeconds: 5 });
    });
    expect((await refusal()).code).toBe('ip_blocked');
  });

  it('logs any other listener error and still answers 401, never 500', async () => {
    emitter.on(AuthFailed.event, async () => {
      throw new Error('store down');
    });
    expect((await refusal()).code).toBe('invalid_credentials');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('store down'), expect.anything());
  });

  it('logs an infrastructure failure of a listener by its class and message, without a stack', async () => {
    emitter.on(AuthFailed.event, async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    expect((await refusal()).code).toBe('invalid_credentials');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]).toEqual([expect.stringContaining('(Error): connect ECONNREFUSED')]);
  });

  it('logs (once) that nothing listens: failed-auth bans would be off', async () => {
    expect((await refusal()).code).toBe('invalid_credentials');
    expect((await refusal()).code).toBe('invalid_credentials');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Nothing listens to failed authentications'));
  });
});
