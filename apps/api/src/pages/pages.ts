import type { RequestHandler } from 'express';
import { dirname, join } from 'node:path';
import { folderFiles, MemoryFile, memoryFiles } from './memory-files';

/** The pages' static assets: the stylesheet, the islands script and the icon (the pages are views, in views/). */
export const PUBLIC_DIR = join(__dirname, '..', 'public');

const NO_CACHE = 'no-cache';

/**
 * `/assets/*`: the stylesheet, the islands script and the icon, revalidated on every load (ETag), no directory
 * listings; read once at start and served from memory (`MemoryFile`).
 */
export function assetsMiddleware(dir = PUBLIC_DIR): RequestHandler {
  return memoryFiles(folderFiles(join(dir, 'assets'), NO_CACHE));
}

/**
 * `/assets/vendor/chart.umd.min.js` and `/assets/vendor/htmx.min.js`: the charting library (Chart.js) and htmx,
 * from npm, served as static assets of our own: the pages draw charts and swap partials with no CDN, and the
 * CSP stays `script-src 'self'`.
 */
export function vendorAssetsMiddleware(): RequestHandler {
  const chartDir = dirname(require.resolve('chart.js')); // .../chart.js/dist
  const htmxDir = dirname(require.resolve('htmx.org')); // .../htmx.org/dist
  const cache = 'public, max-age=86400';
  const script = 'application/javascript; charset=utf-8';
  return memoryFiles(
    new Map([
      ['/chart.umd.min.js', MemoryFile.read(join(chartDir, 'chart.umd.min.js'), cache, script)],
      ['/htmx.min.js', MemoryFile.read(join(htmxDir, 'htmx.min.js'), cache, script)],
    ]),
  );
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
