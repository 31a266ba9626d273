import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT, tsFiles } from './source-tree';

/**
 * Apps compose libs and never import an app (docs/architecture.md): no file of `apps/<a>/` names another app, by
 * a relative path or by an alias. What two apps share lives in a lib (the redirect HTTP edge: libs/shortlinks).
 */
const APPS = readdirSync(join(ROOT, 'apps'));
const IMPORTED = /(?:\bfrom|\bimport|\bimport\(|\brequire\()\s*'([^']+)'/g;

describe('no app imports another app', () => {
  it.each(APPS)('apps/%s imports no other app', (app) => {
    const crossings: string[] = [];
    for (const file of tsFiles(`apps/${app}/src`)) {
      // `from '…'` (imports and re-exports), a bare `import '…'`, `import('…')` and `require('…')`.
      for (const [, source] of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORTED)) {
        const target = source.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), source)) : source;
        const other = APPS.find(
          (name) => name !== app && (target.startsWith(`apps/${name}/`) || target === `@app/${name}`),
        );
        if (other) crossings.push(`${file} -> ${source}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
