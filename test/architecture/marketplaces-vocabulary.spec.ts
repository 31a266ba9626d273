import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * The marketplace vocabulary (docs/architecture.md, libs/marketplaces) is what conversion, products, analytics and
 * shortlinks build on: its source imports no other lib of the project. Read with TypeScript's parser.
 */
const ROOT = join(__dirname, '..', '..');
const LIB = 'libs/marketplaces/src';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

describe('libs/marketplaces depends on no other lib of the project', () => {
  const files = sourceFiles(LIB);

  it('reads its source (the adapters and the registry among it)', () => {
    expect(files).toEqual(
      expect.arrayContaining([`${LIB}/marketplaces.ts`, `${LIB}/links/shopee.adapter.ts`, `${LIB}/sites.ts`]),
    );
  });

  it('imports no @app/ lib and nothing outside its folder', () => {
    const crossing = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('@app/') || /^(\.\.\/){2,}/.test(specifier))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(crossing).toEqual([]);
  });
});
