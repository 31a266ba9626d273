import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import {
  isMigration,
  isSpec,
  literalsOf,
  type Ownership,
  ownership,
  parse,
  ROOT,
  tablesCreatedIn,
  tsFiles,
  unitOf,
} from './source-tree';

/**
 * Each lib owns its tables (docs/architecture.md, "Who owns which table"): only the owner's source names them in
 * SQL or uses their entities; everyone else asks the owner's services (the admin console composes `UsageReport`,
 * `AbuseQueries`, `MembersService`, `CredentialsService`). The owner is derived, never listed: the lib of the
 * TypeORM entity (`@Entity({ name })`), or, for a table without entity (a rollup), the lib whose migrations
 * `CREATE TABLE` it. Read from the sources with TypeScript's parser (no type-check).
 */
/** Tables named by SQL text: after FROM, JOIN, INTO, UPDATE, TABLE, TRUNCATE (quoted or not, `public.` or not). */
export function tablesInSql(text: string): string[] {
  if (!/\b(SELECT|INSERT|UPDATE|DELETE|TRUNCATE|CREATE|ALTER|WITH)\b/i.test(text)) return [];
  const names = new Set<string>();
  const pattern =
    /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\s+(?:ONLY\s+)?(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
  for (const match of text.matchAll(pattern)) names.add(match[1].toLowerCase());
  return [...names];
}

/** Entity classes a file hands to TypeORM: getRepository(X), @InjectRepository(X), forFeature([X, ...]), manager.X(Entity, ...). */
export function entityUsesOf(source: ts.SourceFile): string[] {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      const method = callee.split('.').pop()!;
      if (['getRepository', 'InjectRepository', 'createQueryBuilder', 'withRepository'].includes(method)) {
        const [arg] = node.arguments;
        if (arg && ts.isIdentifier(arg)) names.add(arg.text);
      }
      if (method === 'forFeature') {
        const [arg] = node.arguments;
        if (arg && ts.isArrayLiteralExpression(arg)) {
          for (const element of arg.elements) if (ts.isIdentifier(element)) names.add(element.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...names];
}

/** Every place where `file` names a table (SQL) or an entity (TypeORM) another lib owns. */
export function trespasses(file: string, text: string, owners: Ownership): string[] {
  const source = parse(file, text);
  const own = unitOf(file);
  const found = new Set<string>();
  // A migration may point a foreign key at another lib's table (REFERENCES is not a query), nothing else.
  for (const literal of literalsOf(source)) {
    for (const table of tablesInSql(literal)) {
      const owner = owners.tables.get(table);
      if (owner && owner !== own) found.add(`${file}: SQL names ${table} (owned by ${owner})`);
    }
  }
  for (const entity of entityUsesOf(source)) {
    const owner = owners.entities.get(entity);
    if (owner && owner !== own) found.add(`${file}: uses the entity ${entity} (owned by ${owner})`);
  }
  return [...found];
}

describe('each lib owns its tables: no SQL or entity use of another lib’s table', () => {
  const files = ['apps', 'libs'].flatMap(tsFiles);
  const owners = ownership(files);

  it('derives an owner for every table the migrations create', () => {
    const created = new Set<string>();
    for (const file of files.filter(isMigration)) {
      for (const table of tablesCreatedIn(parse(file))) created.add(table);
    }
    const unowned = [...created].filter((table) => !owners.tables.has(table));
    expect(unowned).toEqual([]);
    // The scan sees what it should: entities and rollups of several libs.
    expect(owners.tables.get('members')).toBe('libs/members');
    expect(owners.tables.get('usage_hours')).toBe('libs/usage');
    expect(owners.tables.get('ip_bans')).toBe('libs/abuse');
    expect(owners.tables.get('click_weeks')).toBe('libs/analytics'); // created by a migration helper
    expect(created.size).toBeGreaterThanOrEqual(17);
  });

  it('no lib or app source (specs and migrations aside) names a table or an entity another lib owns', () => {
    const checked = files.filter((file) => !isSpec(file) && !isMigration(file));
    const found = checked.flatMap((file) => trespasses(file, readFileSync(join(ROOT, file), 'utf8'), owners));
    expect(found).toEqual([]);
  });

  it('a lib’s migrations create and alter only that lib’s tables', () => {
    const found: string[] = [];
    for (const file of files.filter((file) => isMigration(file) && unitOf(file) !== 'libs/database')) {
      for (const text of literalsOf(parse(file))) {
        for (const table of tablesInSql(text.replace(/REFERENCES\s+"?[a-z_]+"?/gi, ''))) {
          const owner = owners.tables.get(table);
          if (owner && owner !== unitOf(file)) found.push(`${file}: ${table} (owned by ${owner})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  describe('catches a planted violation', () => {
    it.each([
      ['raw SQL on another lib’s table', 'apps/api/src/admin/x.ts', 'db.query(`SELECT hour FROM usage_hours`);'],
      [
        'a join into another lib’s table',
        'libs/credentials/src/x.ts',
        "db.query('SELECT 1 FROM credentials c JOIN members m ON m.id = c.member_id');",
      ],
      ['a quoted name', 'libs/shortlinks/src/x.ts', 'db.query(`DELETE FROM "public"."ip_bans" WHERE id = $1`);'],
      ['a write', 'libs/analytics/src/x.ts', "db.query('INSERT INTO member_usage (member_id) VALUES ($1)');"],
      ['a repository of another lib’s entity', 'apps/api/src/x.ts', 'db.getRepository(Credential).find();'],
      [
        'an injected repository',
        'libs/usage/src/x.ts',
        'class X { constructor(@InjectRepository(Member) r: unknown) {} }',
      ],
      ['forFeature of another lib’s entity', 'libs/auth/src/x.ts', 'TypeOrmModule.forFeature([Session, IpBan]);'],
    ])('%s', (_case, file, code) => {
      expect(trespasses(file, code, owners)).toHaveLength(1);
    });

    it('and lets the owner do the same', () => {
      expect(trespasses('libs/usage/src/x.ts', 'db.query(`SELECT hour FROM usage_hours`);', owners)).toEqual([]);
      expect(trespasses('libs/abuse/src/x.ts', 'db.getRepository(IpBan).find();', owners)).toEqual([]);
      // Prose is not SQL: "from members" in a sentence without a statement keyword.
      expect(trespasses('libs/auth/src/x.ts', "const m = 'a message from members of the team';", owners)).toEqual([]);
    });
  });
});
