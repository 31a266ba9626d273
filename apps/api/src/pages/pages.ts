import express, { type RequestHandler } from 'express';
import { setRouteLabel } from '@app/metrics';
import { dirname, join } from 'node:path';

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
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(join(dir, file), (error) => {
      if (error) next(error);
    });
  };
}

/** `/assets/*`: the stylesheet and the script, revalidated on every load (ETag), no directory listings. */
export function assetsMiddleware(dir = PUBLIC_DIR): RequestHandler {
  return express.static(join(dir, 'assets'), {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders: (res) => res.setHeader('Cache-Control', NO_CACHE),
  });
}

/**
 * `/assets/vendor/chart.umd.min.js`: the charting library (Chart.js, from npm) served as a static asset of our
 * own, so the admin console and the account page draw charts with no CDN and the CSP stays `script-src 'self'`.
 */
export function vendorAssetsMiddleware(): RequestHandler {
  const chartDir = dirname(require.resolve('chart.js')); // .../chart.js/dist
  const files: Record<string, string> = { '/chart.umd.min.js': join(chartDir, 'chart.umd.min.js') };
  return (req, res, next) => {
    const file = (req.method === 'GET' || req.method === 'HEAD') && files[req.path];
    if (!file) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript');
    res.sendFile(file, (error) => {
      if (error) next(error);
    });
  };
}
