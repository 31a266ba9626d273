import express, { type RequestHandler } from 'express';
import { dirname, join } from 'node:path';

/** The pages' static assets: the stylesheet, the islands script and the icon (the pages are views, in views/). */
export const PUBLIC_DIR = join(__dirname, '..', 'public');

const NO_CACHE = 'no-cache';

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
 * `/assets/vendor/chart.umd.min.js` and `/assets/vendor/htmx.min.js`: the charting library (Chart.js) and htmx,
 * from npm, served as static assets of our own: the pages draw charts and swap partials with no CDN, and the
 * CSP stays `script-src 'self'`.
 */
export function vendorAssetsMiddleware(): RequestHandler {
  const chartDir = dirname(require.resolve('chart.js')); // .../chart.js/dist
  const htmxDir = dirname(require.resolve('htmx.org')); // .../htmx.org/dist
  const files: Record<string, string> = {
    '/chart.umd.min.js': join(chartDir, 'chart.umd.min.js'),
    '/htmx.min.js': join(htmxDir, 'htmx.min.js'),
  };
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
