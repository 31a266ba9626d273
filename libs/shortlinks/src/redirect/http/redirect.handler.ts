import { type INestApplication, Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ShutdownState } from '@app/common';
import { isReservedPath } from '../../links/reserved-paths';
import { shortBaseOf } from '../../links/short-link-urls';
import { CODE_SHAPE } from '../../shortlinks.constants';
import { shortLinksConfig, type ShortLinksConfig } from '../../shortlinks.config';
import { isBotUserAgent } from '../bot-detector';
import { ClickCounter } from '../click-counter';
import { customScope, type LinkHit, type LinkScope, OWN_SCOPE, RedirectLookup } from '../redirect-lookup';
import { ClickDimensionsSink } from '../click-dimensions-sink';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { Metrics, metricsConfig, type MetricsConfig, setRouteLabel, timedRequestListener } from '@app/metrics';
import { sendMethodNotAllowed, sendNotFound, sendUnavailable } from './redirect-pages';

export type Next = (error?: unknown) => void;
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The paths the redirector leaves to the app on every host (its own health checks). */
const HEALTH_PATHS = new Set(['/health', '/health/live', '/health/ready']);
/** Left to the app on a request by address (no short-link host): the health checks and `GET /metrics`. */
const APP_PATHS = new Set([...HEALTH_PATHS, '/metrics']);

export interface RedirectHandlerOptions {
  /**
   * Mounted in the api (single-process mode): requests for other hosts, and for our short host outside the
   * SHORT_LINK_BASE_URL path, go on to the api (`next()`). Standalone: every request is the redirector's.
   */
  mounted: boolean;
}

/**
 * The redirector's HTTP edge: the redirect hot path as a plain `(req, res, next)` middleware on the bare
 * `node:http` objects (no Nest pipeline, no request log, no body parsing), calling `next()` for anything that
 * is not a short-link request. The shortlinks lib keeps the lookup (`RedirectLookup`) and the click counts
 * (`ClickCounter`); this routes by Host, looks the code up (in-process LRU first), answers 302 with
 * `Cache-Control: private, max-age=90` and `Referrer-Policy: no-referrer`, and counts the click in memory.
 * Both apps put it first the same way (`installFirst`): in front of Express's per-request set-up, behind the HTTP
 * duration timer, with Express behind it for everything it passes on (the api's routes and pages mounted,
 * `GET /health` standalone). Express's set-up (its `app.handle` re-parents `req` and `res` onto its own
 * prototypes, which makes Node's HTTP code that touches them polymorphic) costs several times a redirect's own
 * work: see docs/benchmarks-history.md, "Where a mounted redirect's time went".
 *
 * Routing: Host = SHORT_LINK_BASE_URL's host (any port) → `<prefix>/<code>` are ours; Host = a verified custom
 * domain → `/<code>` looked up among that member's links on that domain only. `/health` always goes on to the
 * app. On a dedicated host (a custom domain, or the short host when the base URL has no path) every other path
 * is the redirector's: an unknown code, or anything else, is the same 404 page.
 */
export class RedirectHandler {
  private readonly logger = new Logger(RedirectHandler.name);
  private readonly shortHost: string;
  private readonly prefix: string;
  private readonly mounted: boolean;
  /** The route labels of `/metrics`: `/:code` on a dedicated host, `<prefix>/:code` under the base URL's path. */
  private readonly dedicatedRoute = '/:code';
  private readonly prefixedRoute: string;

  constructor(
    private readonly lookup: RedirectLookup,
    private readonly clicks: ClickCounter,
    private readonly shutdown: ShutdownState,
    config: ShortLinksConfig,
    options: RedirectHandlerOptions,
    private readonly metrics: Metrics | null = null,
    /** Clicks with their dimensions (country, device, referrer…), when the app has the recorder. */
    private readonly dimensions: ClickDimensionsSink | null = null,
    /**
     * The client's address as Express's `req.ip` gives it (TRUST_PROXY honoured): the handler answers ahead of
     * Express's per-request set-up, where `req.ip` does not exist yet.
     */
    private readonly clientAddress: (req: IncomingMessage) => string | undefined = (req) => req.socket?.remoteAddress,
  ) {
    const base = shortBaseOf(config.SHORT_LINK_BASE_URL);
    this.shortHost = base.hostname;
    this.prefix = base.prefix;
    this.prefixedRoute = `${base.prefix}/:code`;
    this.mounted = options.mounted;
  }

  /** The handler of an app that imports `ShortLinksModule` and the global ConfigModule. */
  static of(app: INestApplication, options: RedirectHandlerOptions): RedirectHandler {
    const get = <T>(token: abstract new (...args: never[]) => T) => app.get<T>(token, { strict: false });
    const config = app.get<ShortLinksConfig>(shortLinksConfig.KEY, { strict: false });
    const metrics = app.get<MetricsConfig>(metricsConfig.KEY, { strict: false }).METRICS_ENABLED ? get(Metrics) : null;
    const dimensions = optional(() => get(ClickDimensionsSink));
    // Express's own compiled `trust proxy` function, read per request (main.ts may set it after mounting).
    const express = app.getHttpAdapter().getInstance() as {
      get(setting: string): (addr: string, i: number) => boolean;
    };
    // Without X-Forwarded-For, proxy-addr's answer is the socket's address whatever is trusted: no parsing then.
    const clientAddress = (req: IncomingMessage) =>
      req.headers['x-forwarded-for'] === undefined
        ? req.socket?.remoteAddress
        : proxyAddr(req, express.get('trust proxy fn'));
    return new RedirectHandler(
      get(RedirectLookup),
      get(ClickCounter),
      get(ShutdownState),
      config,
      options,
      metrics,
      dimensions,
      clientAddress,
    );
  }

  /**
   * The one way both apps mount the handler (the api with `REDIRECTOR_MOUNT`, `configureApp`; the standalone
   * redirector, `configureRedirector`): first on the app's HTTP server, ahead of Express's per-request set-up,
   * behind the HTTP duration timer (`httpMetricsMiddleware`, when METRICS_ENABLED, so it times every request,
   * the redirects and all of Express's alike); whatever the handler passes on goes to Express (the server's
   * request listeners until now: Express's app, then its router, Nest's enhancers and the routes), untouched.
   * Call it before `listen`, after `NestFactory.create`.
   */
  static installFirst(app: NestExpressApplication, options: RedirectHandlerOptions): RedirectHandler {
    const handler = RedirectHandler.of(app, options);
    const metricsOn = app.get<MetricsConfig>(metricsConfig.KEY, { strict: false }).METRICS_ENABLED;
    const server = app.getHttpServer() as Server;
    const express = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    const toExpress: Listener =
      express.length === 1
        ? express[0]
        : (req, res) => {
            for (const listener of express) listener(req, res);
          };
    // No closure per request: what is not the handler's goes on to `toExpress` with the same (req, res).
    const redirectOrExpress: Listener = (req, res) => handler.route(req, res, toExpress);
    server.on(
      'request',
      metricsOn ? timedRequestListener(app.get(Metrics, { strict: false }), redirectOrExpress) : redirectOrExpress,
    );
    return handler;
  }

  /** As a connect-style middleware: what is not a short-link request goes on with `next()`. */
  handle(req: IncomingMessage, res: ServerResponse, next: Next): void {
    this.route(req, res, () => next());
  }

  /** Answers a short-link request, or hands the request on to `next` (called with the same `req` and `res`). */
  route(req: IncomingMessage, res: ServerResponse, next: Listener): void {
    this.closeIfStopping(res);
    const host = hostnameOf(req.headers.host);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (host === this.shortHost) {
      if (this.prefix === '') {
        // Codes at the root of the api's own host: the api's paths (and its home page) stay the api's.
        if (this.mounted && isReservedPath(path)) return next(req, res);
        return this.serve(req, res, next, OWN_SCOPE, path, true);
      }
      if (path.startsWith(this.prefix) && path.charCodeAt(this.prefix.length) === 47 /* / */) {
        return this.serve(req, res, next, OWN_SCOPE, path.slice(this.prefix.length), false);
      }
      return this.notOurs(req, res, next, path);
    }
    if (!couldBeCustomDomain(host)) return this.notOurs(req, res, next, path);
    const member = this.lookup.peekHost(host);
    if (member !== undefined) return this.routeHost(req, res, next, host, member, path);
    this.lookup.findHost(host).then(
      (found) => {
        this.closeIfStopping(res);
        this.routeHost(req, res, next, host, found, path);
      },
      // Mounted, a request we cannot place is the api's (which answers its own 503 if the database is down).
      (error: unknown) => (this.mounted ? next(req, res) : this.fail(req, res, error)),
    );
  }

  private routeHost(
    req: IncomingMessage,
    res: ServerResponse,
    next: Listener,
    host: string,
    memberId: string | null,
    path: string,
  ): void {
    if (memberId === null) return this.notOurs(req, res, next, path);
    this.serve(req, res, next, customScope(host, memberId), path, true);
  }

  /**
   * A request on no short-link host: mounted, the api's; standalone, a 404, except the health checks and `GET /metrics` (a load
   * balancer's probe by address must reach the redirector's health check).
   */
  private notOurs(req: IncomingMessage, res: ServerResponse, next: Listener, path: string): void {
    if (this.mounted || APP_PATHS.has(path)) return next(req, res);
    sendNotFound(res, req.method === 'HEAD');
  }

  /** `path` is `/<code>` relative to the scope's root. */
  private serve(
    req: IncomingMessage,
    res: ServerResponse,
    next: Listener,
    scope: LinkScope,
    path: string,
    dedicatedHost: boolean,
  ): void {
    if (dedicatedHost && HEALTH_PATHS.has(path)) return next(req, res);
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return sendMethodNotAllowed(res);
    // The route label of `/metrics` (never the code itself).
    setRouteLabel(req, dedicatedHost ? this.dedicatedRoute : this.prefixedRoute);
    const code = path.slice(1);
    if (!CODE_SHAPE.test(code)) return sendNotFound(res, method === 'HEAD');
    const cached = this.lookup.peek(scope, code);
    if (cached !== undefined) return this.answer(req, res, cached, scope);
    this.lookup.find(scope, code).then(
      (hit) => {
        this.closeIfStopping(res);
        this.answer(req, res, hit, scope);
      },
      (error: unknown) => this.fail(req, res, error),
    );
  }

  /**
   * Once the process is stopping (GracefulShutdown), every answer asks the client to close its keep-alive
   * connection: the headers set here are merged into the `writeHead` of the 302 or of the page. Checked again
   * after a lookup, for a request that was waiting on the database when the signal came.
   */
  private closeIfStopping(res: ServerResponse): void {
    this.shutdown.closeIfStopping(res);
  }

  private answer(req: IncomingMessage, res: ServerResponse, hit: LinkHit | null, scope: LinkScope): void {
    const head = req.method === 'HEAD';
    if (!hit) return sendNotFound(res, head);
    try {
      res.writeHead(302, {
        Location: hit.target,
        'Cache-Control': 'private, max-age=90',
        'Referrer-Policy': 'no-referrer',
        'Content-Length': '0',
      });
    } catch (error) {
      // A stored target that is no valid header value (a line break, a character beyond Latin-1): writeHead
      // throws before anything is sent. The same 404 page as an unknown code, and no click.
      this.logger.error(
        { link_id: hit.id, target: withoutQuery(hit.target), error: (error as Error)?.message ?? String(error) },
        'Short link has a target that cannot be sent as a Location header',
      );
      for (const name of res.getHeaderNames()) if (name !== 'connection') res.removeHeader(name);
      return sendNotFound(res, head);
    }
    res.end();
    const bot = head || isBotUserAgent(req.headers['user-agent']);
    this.clicks.record(hit.id, bot);
    this.dimensions?.record(hit.id, req, this.clientAddress(req), bot);
    this.metrics?.countRedirect(scope.memberId === null ? 'own' : 'custom', bot);
  }

  private fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    this.logger.error(`Short-link lookup failed: ${(error as Error)?.message ?? String(error)}`);
    if (res.headersSent) return;
    this.closeIfStopping(res);
    sendUnavailable(res, req.method === 'HEAD');
  }
}

function optional<T>(get: () => T): T | null {
  try {
    return get();
  } catch {
    return null;
  }
}

/** A target for the logs: no query string or fragment (they may carry ids and tokens), at most 200 characters. */
function withoutQuery(target: string): string {
  const end = target.search(/[?#]/);
  return (end === -1 ? target : target.slice(0, end)).slice(0, 200);
}

/** Custom domains are names with a dot, never IP literals (`localhost` and `127.0.0.1` skip the lookup). */
function couldBeCustomDomain(host: string): boolean {
  return host.includes('.') && host.charCodeAt(0) !== 91 && !/^\d+\.\d+\.\d+\.\d+$/.test(host);
}

/** The Host header's name part, lower-case, without the port or a trailing dot (`[::1]:80` → `[::1]`). */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  let host = hostHeader;
  if (host.charCodeAt(0) === 91 /* [ */) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    const colon = host.indexOf(':');
    if (colon !== -1) host = host.slice(0, colon);
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host.toLowerCase();
}
