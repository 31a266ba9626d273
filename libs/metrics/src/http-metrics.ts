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
 * its response is done (its `close` event: after the last byte was handed to the socket, or when the connection
 * closed first), labelled by method, route pattern and status code. Registered first on both apps, so every
 * route (Express's, the pages, the redirects) gets the same unit. Per request it stores a start time on the
 * response and adds one shared listener (no closure, no `once` wrapper: this runs before every redirect).
 */
export function httpMetricsMiddleware(
  metrics: Metrics,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const histogram = metrics.httpDuration;
  function observe(this: Timed): void {
    const started = this[STARTED];
    if (started === undefined) return;
    this[STARTED] = undefined;
    const req = this.req;
    histogram.observe(
      { method: req.method ?? 'GET', route: routeLabelOf(req), status_code: String(this.statusCode) },
      (performance.now() - started) / 1000,
    );
  }
  return (_req, res, next) => {
    (res as Timed)[STARTED] = performance.now();
    res.on('close', observe);
    next();
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
