import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Metrics } from './metrics.service';

const ROUTE_LABEL = Symbol('metricsRoute');

/** The label of a request no route or page answered (a 404, a refused body): never its raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

type Labelled = IncomingMessage & {
  [ROUTE_LABEL]?: string;
  route?: { path?: unknown };
  baseUrl?: string;
};

/**
 * Names the route of a request that no Express route answers (a page, the static assets, a short-link
 * redirect): a pattern such as `/assets/*` or `/:code`, never the raw URL or a short code.
 */
export function setRouteLabel(req: IncomingMessage, route: string): void {
  (req as Labelled)[ROUTE_LABEL] = route;
}

/** The route pattern of a finished request: Express's matched route, a label set on the way, or `unmatched`. */
export function routeLabelOf(req: IncomingMessage): string {
  const labelled = req as Labelled;
  const path = labelled.route?.path;
  if (typeof path === 'string') return (labelled.baseUrl ?? '') + path;
  // A route registered with several paths (`@Get(['', 'ready'])`): the one this request took, when static.
  if (Array.isArray(path)) {
    const taken = path.find((candidate) => candidate === (labelled as { path?: string }).path);
    return (labelled.baseUrl ?? '') + String(taken ?? path[0]);
  }
  return labelled[ROUTE_LABEL] ?? UNMATCHED_ROUTE;
}

/** When a timed request started (performance.now()), on its response; deleted when observed (once). */
const STARTED = Symbol('metricsStarted');

type Timed = ServerResponse & { [STARTED]?: number };

/**
 * The one place HTTP durations are counted: a connect-style middleware that times every request to the moment
 * its response is done, labelled by method, route pattern and status code. Registered first on both apps, so
 * every route (Express's, the pages, the redirects) gets the same unit. A response ended before `next()` returns
 * (a redirect answered from the cache: its bytes are already handed to the socket) is observed there and then,
 * with nothing added to the response; any other is observed on its `close` event (after the last byte was handed
 * to the socket, or when the connection closed first), through one shared listener and a start time stored on
 * the response (no closure). The observation itself is a few additions (`HttpDurationHistogram.observeRequest`).
 */
export function httpMetricsMiddleware(
  metrics: Metrics,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const timer = requestTimer(metrics);
  return (req, res, next) => {
    const started = performance.now();
    next();
    timer(req, res, started);
  };
}

/**
 * The same timer around a request listener (`(req, res)`, as a `node:http` server calls it): no `next` closure
 * per request. What `RedirectHandler.installFirst` puts first on the server.
 */
export function timedRequestListener(
  metrics: Metrics,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const timer = requestTimer(metrics);
  return (req, res) => {
    const started = performance.now();
    listener(req, res);
    timer(req, res, started);
  };
}

/** After the request's handlers returned: observed now when its response has ended, else on its `close`. */
function requestTimer(metrics: Metrics): (req: IncomingMessage, res: ServerResponse, started: number) => void {
  const histogram = metrics.httpDuration;
  const record = (req: IncomingMessage, res: ServerResponse, started: number): void =>
    histogram.observeRequest(
      req.method ?? 'GET',
      routeLabelOf(req),
      res.statusCode,
      (performance.now() - started) / 1000,
    );
  function observe(this: Timed): void {
    const started = this[STARTED];
    if (started === undefined) return;
    this[STARTED] = undefined;
    record(this.req, this, started);
  }
  return (req, res, started) => {
    if (res.writableEnded) return record(req, res, started);
    (res as Timed)[STARTED] = started;
    res.on('close', observe);
  };
}

/** What `labelByRouter` reads of Express's router: its layers, each matching a path, routes with their methods. */
interface RouterLike {
  stack: Array<{ route?: { path?: unknown; _handlesMethod?(method: string): boolean }; match(path: string): boolean }>;
}

/**
 * Labels a request refused before routing (a body the input pipeline refuses: too large, not JSON, too deep)
 * with the route it was sent to, as the router would match it (`/api/convert`), instead of `unmatched`. Called
 * on a refusal only: the router is walked once more for that request alone, never on the way of an accepted one.
 */
export function labelByRouter(req: IncomingMessage & { path?: string }, router: unknown): void {
  const path = req.path ?? new URL(req.url ?? '/', 'http://x').pathname;
  for (const layer of (router as RouterLike | undefined)?.stack ?? []) {
    const route = layer.route;
    if (typeof route?.path !== 'string' || !route._handlesMethod?.(req.method ?? 'GET')) continue;
    if (layer.match(path)) {
      setRouteLabel(req, route.path);
      return;
    }
  }
}
