import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * Narrow doors (docs/architecture.md, "Boundaries and lint"): a lib's `index.ts` exports only what another lib or
 * an app names in its source; what only tests and benchmarks name sits in `libs/<lib>/src/testing/index.ts`, and
 * source never imports a `testing` entry. Read from the sources with TypeScript's parser (no type-check).
 */
const ROOT = join(__dirname, '..', '..');
const LIBS = readdirSync(join(ROOT, 'libs'));
/** common's config re-exports, left as they are while the config classes move into their libs. */
function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist', 'results'].includes(entry.name) ? [] : tsFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

/** A file of a lib's or an app's own source (not a spec, not a `testing` entry): its imports define the doors. */
function sourceOf(file: string): string | null {
  if (/\.(e2e-)?spec\.tsx?$/.test(file) || file.includes('/testing/')) return null;
  return /^(libs|apps)\/[^/]+\/src\//.exec(file)?.[0] ?? null;
}

interface Use {
  file: string;
  name: string;
}

/** Every name imported (or re-exported) from `@app/<lib>` and `@app/<lib>/testing`, with the importing file. */
function usesOf(files: readonly string[]): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  const add = (entry: string, file: string, name: string) =>
    uses.set(entry, [...(uses.get(entry) ?? []), { file, name }]);
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        node.moduleSpecifier.text.startsWith('@app/')
      ) {
        const entry = node.moduleSpecifier.text;
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
          for (const element of bindings.elements) add(entry, file, (element.propertyName ?? element.name).text);
        } else if (!ts.isImportDeclaration(node) || node.importClause) add(entry, file, '*');
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        ts.isStringLiteral(node.arguments[0]) &&
        node.arguments[0].text.startsWith('@app/')
      ) {
        let parent: ts.Node | undefined = node.parent;
        while (parent && !ts.isVariableDeclaration(parent)) parent = parent.parent;
        const names =
          parent && ts.isObjectBindingPattern(parent.name)
            ? parent.name.elements.map((element) => ((element.propertyName ?? element.name) as ts.Identifier).text)
            : ['*'];
        for (const name of names) add(node.arguments[0].text, file, name);
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return uses;
}

/** The names an entry file re-exports: a door is a list of `export { ... } from './...'` lines. */
function exportedNames(file: string): string[] {
  return parse(file).statements.flatMap((statement) => {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      return statement.exportClause.elements.map((element) => element.name.text);
    }
    if (ts.isExportDeclaration(statement)) return ['*'];
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.map((declaration) => declaration.name.getText());
    }
    return [(statement as ts.DeclarationStatement).name?.getText() ?? 'default'];
  });
}

describe('narrow doors: each lib exports what the apps and the other libs use', () => {
  const files = ['apps', 'libs', 'test', 'bench'].flatMap(tsFiles);
  const uses = usesOf(files);
  /** Names of `@app/<lib>` that the source of another lib or of an app imports. */
  const usedBySource = (lib: string) =>
    new Set(
      (uses.get(`@app/${lib}`) ?? [])
        .filter(({ file }) => sourceOf(file) !== null && sourceOf(file) !== `libs/${lib}/src/`)
        .map(({ name }) => name),
    );

  it.each(LIBS)("@app/%s's index.ts exports only names another lib or an app uses", (lib) => {
    const used = usedBySource(lib);
    const exported = exportedNames(`libs/${lib}/src/index.ts`);
    const unused = exported.filter((name) => !used.has(name));
    expect(unused).toEqual([]);
    expect(exported).not.toContain('*');
  });

  it("no lib's or app's source imports a testing entry", () => {
    const testingUses = [...uses].filter(([entry]) => /^@app\/[^/]+\/testing$/.test(entry));
    expect(testingUses.length).toBeGreaterThan(0);
    const fromSource = testingUses.flatMap(([entry, list]) =>
      list.filter(({ file }) => sourceOf(file) !== null).map(({ file }) => `${file} → ${entry}`),
    );
    expect(fromSource).toEqual([]);
  });

  it('the scan sees the doors in use (a scan that found nothing would pass the checks above)', () => {
    expect(files).toContain('apps/api/src/app.module.ts');
    expect(usedBySource('common').has('AppException')).toBe(true);
    expect(usedBySource('shortlinks').has('ShortLinksModule')).toBe(true);
  });
});
