import {
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestInterceptor,
  type NestMiddleware,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { map, type Observable } from 'rxjs';
import { testAppForSuite, TestMember } from '../support/test-app';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc';
const BODY = { mode: 'affiliate', affiliate_id: '17345510000', sub_ids: ['fb'], content: `Deal ${PRODUCT} nhé!` };

/** What ran, in order, for each request (by its X-Request-Id). */
const seen = new Map<string, string[]>();
const note = (req: Request, what: string) => {
  const id = (req as Request & { id?: string }).id ?? 'none';
  seen.set(id, [...(seen.get(id) ?? []), what]);
};

/** A guard added the Nest way (`APP_GUARD`): it may refuse a call whatever the route. */
@Injectable()
class ProbeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    note(req, 'guard');
    return req.headers['x-probe-refuse'] === undefined;
  }
}

/** An interceptor added the Nest way (`APP_INTERCEPTOR`): it sees and may change the route's answer. */
@Injectable()
class ProbeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const handler = `${context.getClass().name}.${context.getHandler().name}`;
    note(req, `interceptor:${handler}`);
    return next.handle().pipe(map((body: Record<string, unknown>) => ({ ...body, probed: true })));
  }
}

/** A middleware added the Nest way (`configure(consumer)`) for every route. */
@Injectable()
class ProbeMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    note(req, 'middleware');
    res.setHeader('X-Probe', 'seen');
    next();
  }
}

@Module({
  providers: [
    { provide: APP_GUARD, useClass: ProbeGuard },
    { provide: APP_INTERCEPTOR, useClass: ProbeInterceptor },
  ],
})
class ProbeModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ProbeMiddleware).forRoutes('*path');
  }
}

/**
 * One request path: `POST /api/convert` goes through Express and Nest's own router, global enhancers and the
 * route's decorators, like every route. What a module adds the Nest way applies to it, with nothing to copy.
 */
describe('POST /api/convert goes through the one Nest pipeline', () => {
  const t = testAppForSuite({}, { captureLogs: true, imports: [ProbeModule] });
  let alice: TestMember;

  beforeAll(async () => {
    alice = await t.createMember({ plan: 'pro' });
  });

  const convert = (headers: Record<string, string> = {}) =>
    t.send(
      t.http
        .post('/api/convert')
        .set({ 'X-API-Key': alice.apiKey, 'X-API-Token': alice.apiToken, ...headers })
        .send(BODY),
    );

  it('answers the short links first, ahead of Express, behind the timer; every other request goes on to Express', async () => {
    const server = t.app.getHttpServer() as Server;
    const express = t.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ handle: unknown }> } };
    // One request listener: the timer and the redirector's handler (RedirectHandler.installFirst, the standalone
    // redirector's unit too), which hands Express whatever is not a short-link request.
    const [edge] = server.listeners('request') as Array<(req: unknown, res: unknown) => void>;
    expect(server.listeners('request')).toHaveLength(1);
    expect(edge).not.toBe(express);
    // Express's own stack is the api's: layer 0 is Nest's Express adapter's (its response hook), then the
    // HTTP edge (`Connection: close` once stopping, request id, access line); no second timer, no redirector.
    expect(String(express.router.stack[0].handle)).toContain('onResponseHook');
    const sources = express.router.stack.map((layer) => String(layer.handle));
    expect(sources.filter((source) => source.includes('performance.now()'))).toHaveLength(0);
    expect(sources.filter((source) => source.includes('handler.handle'))).toHaveLength(0);
    // A short-link request (SHORT_LINK_BASE_URL is http://localhost:3000/s) is the handler's: here a method it
    // refuses, with no request id (Express never saw it)...
    const refused = await t.http.post('/s/AbCdEfG').set('Host', 'localhost:3000');
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('GET, HEAD');
    expect(refused.headers['x-request-id']).toBeUndefined();
    // ...and anything else goes on to Express and Nest, timed by the same histogram.
    const res = await convert();
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeDefined();
    const metrics = await t.http.get('/metrics');
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/convert",status_code="200"\} [1-9]/,
    );
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="unmatched",status_code="405"\} 1/,
    );
  });

  it('runs a global middleware, guard and interceptor on the usual partner call', async () => {
    const res = await convert();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, probed: true, summary: { total: 1, success: 1 } });
    expect(res.headers['x-probe']).toBe('seen');
    expect(seen.get(res.headers['x-request-id'] as string)).toEqual([
      'middleware',
      'guard',
      'interceptor:ConvertController.convert',
    ]);
  });

  it('lets a global guard refuse convert, in the envelope', async () => {
    const res = await convert({ 'X-Probe-Refuse': '1' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });

  it("keeps the route's own guards, headers and the security headers", async () => {
    const res = await convert({ 'X-Request-Id': 'partner-req-12345678' });
    expect(res.headers['x-request-id']).toBe('partner-req-12345678');
    expect(res.headers['ratelimit-policy']).toContain('per_key');
    expect(res.headers.ratelimit).toContain('per_member');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The JSON API's own set (libs/http's API_SECURITY_HEADERS), not the pages' helmet set.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    const wrong = await convert({ 'X-API-Token': 'tok_wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });

  it('writes one access line per answer, without a secret', async () => {
    const before = t.logs.length;
    const ok = await convert();
    const refused = await t.send(t.http.post('/api/convert').set('Content-Type', 'text/plain').send('hello'));
    expect(refused.status).toBe(415);
    const lines = t.logs
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('"responseTime"'))
      .map((line) => JSON.parse(line) as { req: { id: string; url: string }; res: { statusCode: number } });
    expect(lines.map((line) => [line.req.url, line.res.statusCode])).toEqual([
      ['/api/convert', 200],
      ['/api/convert', 415],
    ]);
    expect(lines[0].req.id).toBe(ok.headers['x-request-id']);
    expect(t.logs).not.toContain(alice.apiToken);
    expect(t.logs).not.toContain(alice.apiKey);
  });
});
