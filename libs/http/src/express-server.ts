import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';

/**
 * Node's request and response classes for an Express app's server: instances of `IncomingMessage` and
 * `ServerResponse` whose prototypes are already the app's `request` and `response`, the objects Express's
 * `app.handle` would otherwise move every request and response onto with `Object.setPrototypeOf`. Moving an
 * object's prototype gives it a new hidden class each time; V8 then kept every request's objects alive through
 * young-generation collections (a plain Express app promoted a third of what it allocated, and answered
 * 14,800 requests a second where the same app on these classes answers 48,000: docs/benchmarks.md). With
 * them, Express's `setPrototypeOf` finds the prototype already in place and changes nothing: the same app, router
 * and middleware on every request, one request path.
 */
export function expressServerClasses(express: { request: object; response: object }): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  function ExpressRequest(this: IncomingMessage, ...args: ConstructorParameters<typeof IncomingMessage>): void {
    IncomingMessage.apply(this, args);
  }
  ExpressRequest.prototype = express.request;
  function ExpressResponse(this: ServerResponse, ...args: ConstructorParameters<typeof ServerResponse>): void {
    ServerResponse.apply(this, args);
  }
  ExpressResponse.prototype = express.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}

/**
 * Nest's Express adapter whose HTTP server is made with `expressServerClasses` (see there). Everything else is
 * Nest's: pass it to `NestFactory.create` (the api, the redirector) and `createNestApplication` (the tests).
 */
export class ExpressServerAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions) return super.initHttpServer(options);
    const app = this.getInstance<{ request: object; response: object }>();
    this.httpServer = createServer(expressServerClasses(app), app as never) as Server;
    if (options?.forceCloseConnections) {
      (this as unknown as { trackOpenConnections(): void }).trackOpenConnections();
    }
  }
}
