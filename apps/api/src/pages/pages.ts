import type { RequestHandler } from 'express';
import { setRouteLabel } from '@app/metrics';
import { dirname, join } from 'node:path';
import { folderFiles, MemoryFile, memoryFiles } from './memory-files';

/** The HTML pages and their assets (plain HTML, one CSS and one vanilla JS file: no build step). */
export const PUBLIC_DIR = join(__dirname, '..', 'public');

const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/signup': 'signup.html',
  '/login': 'login.html',
  '/account': 'account.html',
  '/admin/members': 'admin-members.html',
  '/admin': 'admin-overview.html',
  '/admin/bans': 'admin-bans.html',
};

/** The paths of the pages (each a route of the api's host, see `apiPaths`). */
export const PAGE_PATHS: readonly string[] = Object.keys(PAGES);

/** `/admin/members/<uuid>`: one member's page (its JSON is the same path). */
const MEMBER_PAGE = /^\/admin\/members\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBER_PAGE_ROUTE = '/admin/members/:id';

/** Paths that are also JSON routes (`GET /account`, `GET /admin/members`): HTML only for a browser visit. */
const SHARED_WITH_JSON = new Set(['/account', '/admin/members', MEMBER_PAGE_ROUTE]);

const NO_CACHE = 'no-cache';

/**
 * Serves the pages for GET/HEAD. Where a path is also a JSON route, the page is sent only when the client
 * prefers `text/html` over `application/json` (a browser navigation); fetch() and API clients get the JSON.
 */
export function pagesMiddleware(dir = PUBLIC_DIR): RequestHandler {
  // Read once at start and served from memory (`MemoryFile`: no file opened per request).
  const html = new Map(Object.values(PAGES).map((file) => [file, MemoryFile.read(join(dir, file), NO_CACHE)]));
  html.set('admin-member.html', MemoryFile.read(join(dir, 'admin-member.html'), NO_CACHE));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const route = MEMBER_PAGE.test(path) ? MEMBER_PAGE_ROUTE : path;
    const file = route === MEMBER_PAGE_ROUTE ? 'admin-member.html' : PAGES[path];
    if (!file) return next();
    setRouteLabel(req, route);
    if (SHARED_WITH_JSON.has(route)) {
      res.vary('Accept');
      if (req.accepts(['application/json', 'text/html']) !== 'text/html') return next();
    }
    html.get(file)!.send(req, res);
  };
}

/**
 * `/assets/*`: the stylesheets, scripts and icon, revalidated on every load (ETag), no directory listings;
 * read once at start and served from memory (`MemoryFile`).
 */
export function assetsMiddleware(dir = PUBLIC_DIR): RequestHandler {
  return memoryFiles(folderFiles(join(dir, 'assets'), NO_CACHE));
}

/**
 * `/assets/vendor/chart.umd.min.js`: the charting library (Chart.js, from npm) served as a static asset of our
 * own, so the admin console and the account page draw charts with no CDN and the CSP stays `script-src 'self'`.
 */
export function vendorAssetsMiddleware(): RequestHandler {
  const chartDir = dirname(require.resolve('chart.js')); // .../chart.js/dist
  const chart = MemoryFile.read(
    join(chartDir, 'chart.umd.min.js'),
    'public, max-age=86400',
    'application/javascript; charset=utf-8',
  );
  return memoryFiles(new Map([['/chart.umd.min.js', chart]]));
}

/**
 * The Swagger UI files its page (`/docs`, built by `@nestjs/swagger`) loads, from the `swagger-ui-dist`
 * package, served from memory under `/docs` (mounted before `SwaggerModule.setup`, whose own `express.static` of
 * the whole package is pointed at `SWAGGER_UI_NO_FILES`: see `configureApp`).
 */
export function swaggerUiAssetsMiddleware(): RequestHandler {
  const swaggerDir = dirname(
    require.resolve('swagger-ui-dist/package.json', { paths: [dirname(require.resolve('@nestjs/swagger'))] }),
  );
  const names = [
    'swagger-ui.css',
    'swagger-ui-bundle.js',
    'swagger-ui-standalone-preset.js',
    'favicon-32x32.png',
    'favicon-16x16.png',
  ];
  const cache = 'public, max-age=86400';
  return memoryFiles(new Map(names.map((name) => [`/${name}`, MemoryFile.read(join(swaggerDir, name), cache)])));
}

/** A folder with no files: where `SwaggerModule.setup`'s own static serving looks (nothing is ever opened). */
export const SWAGGER_UI_NO_FILES = join(PUBLIC_DIR, 'swagger-ui-served-from-memory');
