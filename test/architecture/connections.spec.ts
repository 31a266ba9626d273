import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * One Redis per process (docs/architecture.md, "Redis and messages between instances"): the connections to Redis,
 * and the PostgreSQL sessions of LISTEN/NOTIFY, are made in `libs/messaging` only (`RedisConnections`, `PubSub`), so
 * no lib or app opens connections of its own. Read from the sources with TypeScript's parser (no type-check).
 */
const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(e2e-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every `new <name>(` of a class imported from `module` (default or named import, under any local name). */
function constructions(file: string, module: string, imported: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const locals = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || (statement.moduleSpecifier as ts.StringLiteral).text !== module) continue;
    const clause = statement.importClause;
    if (clause?.name && imported === 'default') locals.add(clause.name.text);
    if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) {
        if ((element.propertyName ?? element.name).text === imported) locals.add(element.name.text);
      }
    }
  }
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && locals.has(node.expression.text)) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('connections to Redis and LISTEN/NOTIFY sessions are made in libs/messaging only', () => {
  const files = ['libs', 'apps'].flatMap(sourceFiles);
  const outsideMessaging = files.filter((file) => !file.startsWith('libs/messaging/'));
  const redis = (list: string[]) =>
    list.flatMap((file) => [...constructions(file, 'ioredis', 'default'), ...constructions(file, 'ioredis', 'Redis')]);

  it('no `new Redis(` outside libs/messaging', () => {
    expect(redis(outsideMessaging)).toEqual([]);
  });

  it('no `new Client(` of pg outside libs/messaging', () => {
    expect(outsideMessaging.flatMap((file) => constructions(file, 'pg', 'Client'))).toEqual([]);
  });

  it('two `new Redis(` in libs/messaging: the command connection and the subscriber (the scan sees them)', () => {
    expect(redis(files.filter((file) => file.startsWith('libs/messaging/')))).toEqual([
      expect.stringMatching(/^libs\/messaging\/src\/redis\/redis-connections\.ts:\d+$/),
      expect.stringMatching(/^libs\/messaging\/src\/redis\/redis-connections\.ts:\d+$/),
    ]);
  });
});
