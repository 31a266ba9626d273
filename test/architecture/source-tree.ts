import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * The sources as the architecture checks read them (TypeScript's parser, no type-check): the files of a tree,
 * the lib or app of a file, the tables each lib owns. Shared by table-ownership.spec.ts and
 * architecture-doc.spec.ts.
 */
export const ROOT = join(__dirname, '..', '..');

export function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : tsFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function parse(file: string, text = readFileSync(join(ROOT, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** `libs/<lib>` or `apps/<app>` of a file. */
export function unitOf(file: string): string {
  return /^(libs|apps)\/[^/]+/.exec(file)![0];
}

export const isMigration = (file: string) => /\/migrations\/[^/]+\.ts$/.test(file);
export const isSpec = (file: string) => /\.(e2e-)?spec\.tsx?$/.test(file) || file.includes('/testing/');

/** Entity classes: class name → table, from `@Entity({ name: 'x' })` or `@Entity('x')`. */
function entitiesOf(file: string, source = parse(file)): Array<{ className: string; table: string }> {
  const found: Array<{ className: string; table: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      for (const decorator of ts.getDecorators(node) ?? []) {
        const call = decorator.expression;
        if (!ts.isCallExpression(call) || call.expression.getText() !== 'Entity') continue;
        const [arg] = call.arguments;
        let table: string | undefined;
        if (arg && ts.isStringLiteral(arg)) table = arg.text;
        if (arg && ts.isObjectLiteralExpression(arg)) {
          for (const property of arg.properties) {
            if (ts.isPropertyAssignment(property) && property.name.getText() === 'name') {
              table = (property.initializer as ts.StringLiteral).text;
            }
          }
        }
        found.push({ className: node.name.text, table: table ?? node.name.text.toLowerCase() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The text of every string and template literal of a file (SQL lives there). */
export function literalsOf(source: ts.SourceFile): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? '));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/**
 * The tables a migration file creates: by a `CREATE TABLE` statement, or by a migration helper that writes one
 * (a function named `…Table`, e.g. `clickSummaryTable('click_days', …)`, the table's name its first argument).
 */
export function tablesCreatedIn(source: ts.SourceFile): string[] {
  const tables = literalsOf(source).flatMap((text) =>
    [...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => match[1]),
  );
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /Table$/.test(node.expression.text)) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) tables.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tables;
}

export interface Ownership {
  /** table → `libs/<lib>` */
  tables: Map<string, string>;
  /** entity class → `libs/<lib>` */
  entities: Map<string, string>;
}

export function ownership(files: readonly string[]): Ownership {
  const tables = new Map<string, string>();
  const entities = new Map<string, string>();
  const claim = (table: string, lib: string, how: string) => {
    const owner = tables.get(table);
    if (owner && owner !== lib) throw new Error(`${table} is claimed by ${owner} and ${lib} (${how})`);
    tables.set(table, lib);
  };
  for (const file of files.filter((file) => file.startsWith('libs/') && !isSpec(file) && !isMigration(file))) {
    for (const { className, table } of entitiesOf(file)) {
      claim(table, unitOf(file), `entity ${className}`);
      entities.set(className, unitOf(file));
    }
  }
  // Tables without entity: the lib whose migrations create them. The database lib's migrations (the first two,
  // written before the libs owned their migrations) create tables of several libs, all with an entity.
  for (const file of files.filter((file) => file.startsWith('libs/') && isMigration(file))) {
    if (unitOf(file) === 'libs/database') continue;
    for (const table of tablesCreatedIn(parse(file))) {
      if (!tables.has(table)) claim(table, unitOf(file), `migration ${file}`);
    }
  }
  return { tables, entities };
}
