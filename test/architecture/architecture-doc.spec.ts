import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { isSpec, ownership, parse, ROOT, tsFiles, unitOf } from './source-tree';

/**
 * docs/architecture.md stays true: its tables of scheduled tasks, event listeners, libs and table owners are
 * compared with what the code says, read from the sources (never a second list kept by hand). A task, a listener,
 * a lib or a table added without its line in the doc (or a line left behind) fails here, naming the difference.
 */
type Source = { file: string; text: string };

/** The section of the doc under `## <title>`, up to the next `## `. */
function section(doc: string, title: string): string {
  const [, after] = doc.split(`\n## ${title}`);
  if (after === undefined) throw new Error(`docs/architecture.md has no section "${title}"`);
  return after.split('\n## ')[0];
}

/** The body rows of the Markdown tables of a section, as their cells. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s-|]+\|$/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** The class a node sits in, or `?`. */
function classOf(node: ts.Node): string {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isClassDeclaration(at) && at.name) return at.name.text;
  }
  return '?';
}

/** `libs/<lib>` → `<lib>`. */
const libName = (file: string) => unitOf(file).replace(/^libs\//, '');

/** The decorators of `@nestjs/schedule` that would schedule work outside `PeriodicTask`. */
const SCHEDULE_DECORATORS = new Set(['Interval', 'Cron', 'Timeout']);

/** The local names a file gives `@nestjs/schedule`'s scheduling decorators (`import { Interval as X }` too). */
function scheduleDecoratorsOf(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.moduleSpecifier.getText() !== "'@nestjs/schedule'") continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (SCHEDULE_DECORATORS.has((element.propertyName ?? element.name).text)) names.add(element.name.text);
    }
  }
  return names;
}

/** The class declaration a node sits in, if any. */
function classDeclarationOf(node: ts.Node): ts.ClassDeclaration | undefined {
  for (let at: ts.Node | undefined = node; at; at = at.parent) if (ts.isClassDeclaration(at)) return at;
  return undefined;
}

/** Whether a class extends one of the periodic providers of `@app/common` (`PeriodicUntil…`). */
const isPeriodicProvider = (declaration: ts.ClassDeclaration | undefined): boolean =>
  declaration?.heritageClauses?.some((clause) =>
    clause.types.some((type) => /^PeriodicUntil\w+$/.test(type.expression.getText())),
  ) ?? false;

/**
 * Every `new PeriodicTask(registry, { name: '…' })` of the sources, and every `super(registry, '…', everyMs)` of a
 * periodic provider: `name: Owner (lib)`; and every method scheduled with `@Interval`/`@Cron`/`@Timeout` instead
 * (`@Interval: Owner (lib)`), which the doc's table never lists.
 */
export function tasksInCode(sources: readonly Source[]): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    const source = parse(file, text);
    const decorators = scheduleDecoratorsOf(source);
    const visit = (node: ts.Node): void => {
      if (ts.isDecorator(node) && ts.isCallExpression(node.expression)) {
        const name = node.expression.expression.getText();
        if (decorators.has(name)) found.push(`@${name}: ${classOf(node)} (${libName(file)})`);
      }
      // The abstract periodic provider builds its subclasses' tasks: they are found at their `super` calls.
      const inAbstractClass = classDeclarationOf(node)?.modifiers?.some(
        (m) => m.kind === ts.SyntaxKind.AbstractKeyword,
      );
      if (ts.isNewExpression(node) && node.expression.getText() === 'PeriodicTask' && !inAbstractClass) {
        const options = node.arguments?.[1];
        const name =
          options && ts.isObjectLiteralExpression(options)
            ? options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'name')
            : undefined;
        const value = name && ts.isPropertyAssignment(name) ? name.initializer : undefined;
        found.push(`${value && ts.isStringLiteral(value) ? value.text : '?'}: ${classOf(node)} (${libName(file)})`);
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.SuperKeyword &&
        isPeriodicProvider(classDeclarationOf(node))
      ) {
        const value = node.arguments[1];
        found.push(`${value && ts.isStringLiteral(value) ? value.text : '?'}: ${classOf(node)} (${libName(file)})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort();
}

/** The doc's table of periodic work: `name: Owner (lib)`. */
export function tasksInDoc(doc: string): string[] {
  return tableRows(section(doc, 'Periodic work and shutdown order'))
    .filter(([task]) => /^`[a-z-]+`$/.test(task ?? ''))
    .map(([task, owner]) => {
      const [, className, lib] = /^`(\w+)` \((\w+)/.exec(owner) ?? [];
      return `${task.slice(1, -1)}: ${className} (${lib})`;
    })
    .sort();
}

/** Every `@OnEvent(Event.event)` on a method of the sources: `Event → lib: Listener`. */
export function listenersInCode(sources: readonly Source[]): string[] {
  const found = new Set<string>();
  for (const { file, text } of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isDecorator(node) && ts.isCallExpression(node.expression)) {
        const call = node.expression;
        const [event] = call.arguments;
        if (call.expression.getText() === 'OnEvent' && event && ts.isPropertyAccessExpression(event)) {
          found.add(`${event.expression.getText()} → ${libName(file)}: ${classOf(node)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file, text));
  }
  return [...found].sort();
}

/** The doc's table of domain events: for each event (first column), every `lib: \`Listener\`` it is heard by. */
export function listenersInDoc(doc: string): string[] {
  const found = new Set<string>();
  for (const [event, , heardBy] of tableRows(section(doc, 'Domain events'))) {
    // Every event class the row names (`OrderLinesChanged`, `ReportImported`, …): each heard by the same listeners.
    for (const [, name] of (event ?? '').matchAll(/`([A-Z]\w+)`/g)) {
      for (const [, lib, listener] of (heardBy ?? '').matchAll(/(\w+): `(\w+)`/g)) {
        found.add(`${name} → ${lib}: ${listener}`);
      }
    }
  }
  return [...found].sort();
}

/** The libs of the tree: the folders of libs/ with a door (`src/index.ts`). */
export function libsInCode(root = ROOT): string[] {
  return readdirSync(join(root, 'libs'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'libs', entry.name, 'src', 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** The libs the doc's layout lists (`libs/<lib>/   what it holds`). */
export function libsInDoc(doc: string): string[] {
  return [...section(doc, 'Layout').matchAll(/^libs\/([a-z-]+)\/ /gm)].map(([, lib]) => lib).sort();
}

/** The doc's table of table owners: `table → lib`. */
export function ownersInDoc(doc: string): Record<string, string> {
  const listed: Array<[string, string]> = [];
  for (const [lib, tables] of tableRows(section(doc, 'Who owns which table'))) {
    if (!/^[a-z]+$/.test(lib ?? '')) continue;
    for (const [, table] of (tables ?? '').matchAll(/`([a-z_]+)`/g)) listed.push([table, lib]);
  }
  return Object.fromEntries(listed.sort());
}

describe('docs/architecture.md says what the code does', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const files = ['apps', 'libs'].flatMap(tsFiles);
  const sources: Source[] = files
    .filter((file) => !isSpec(file))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

  it('lists every periodic task with its owner ("Periodic work and shutdown order")', () => {
    const inCode = tasksInCode(sources);
    expect(inCode.length).toBeGreaterThanOrEqual(9);
    expect(tasksInDoc(doc)).toEqual(inCode);
  });

  it('lists every listener of every domain event ("Domain events")', () => {
    const inCode = listenersInCode(sources);
    expect(inCode).toContain('AuthFailed → abuse: FailedAuthListener');
    expect(listenersInDoc(doc)).toEqual(inCode);
  });

  it('lists every lib in the layout ("Layout")', () => {
    const inCode = libsInCode();
    expect(inCode).toContain('common');
    expect(libsInDoc(doc)).toEqual(inCode);
  });

  it('lists each table under its owner ("Who owns which table")', () => {
    const owners = ownership(files).tables;
    const inCode = Object.fromEntries([...owners].map(([table, lib]) => [table, lib.replace(/^libs\//, '')]).sort());
    expect(Object.keys(inCode).length).toBeGreaterThanOrEqual(17);
    expect(ownersInDoc(doc)).toEqual(inCode);
  });

  describe('catches a planted difference', () => {
    const dropRow = (text: string, cell: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith(`| ${cell}`))
        .join('\n');

    it('a task in the code the doc does not list, and a row the code no longer has', () => {
      const planted = {
        file: 'libs/usage/src/x.ts',
        text: "class Y { t = new PeriodicTask(r, { name: 'y-flush' }); }",
      };
      expect(tasksInCode([...sources, planted])).not.toEqual(tasksInDoc(doc));
      expect(tasksInCode([...sources, planted])).toContain('y-flush: Y (usage)');
      expect(tasksInDoc(dropRow(doc, '`usage-flush`'))).not.toEqual(tasksInCode(sources));
    });

    it('work scheduled with a decorator of @nestjs/schedule instead of a PeriodicTask, aliased or not', () => {
      const planted = {
        file: 'libs/usage/src/x.ts',
        text: "import { Interval as Every } from '@nestjs/schedule';\nclass W { @Every(1000) tick(): void {} }",
      };
      expect(tasksInCode([...sources, planted])).toContain('@Every: W (usage)');
      expect(tasksInCode([...sources, planted])).not.toEqual(tasksInDoc(doc));
    });

    it('a listener in the code the doc does not name', () => {
      const planted = {
        file: 'libs/shortlinks/src/x.ts',
        text: 'class Z { @OnEvent(MemberDisabled.event) drop(): void {} }',
      };
      expect(listenersInCode([...sources, planted])).toContain('MemberDisabled → shortlinks: Z');
      expect(listenersInDoc(doc)).not.toContain('MemberDisabled → shortlinks: Z');
    });

    it('a lib the layout leaves out, and a table under the wrong owner', () => {
      expect(libsInDoc(doc.replace(/^libs\/products\/ .*$/m, ''))).not.toContain('products');
      const moved = ownersInDoc(doc.replace('| usage       | `member_usage`', '| abuse       | `member_usage`'));
      expect(moved.member_usage).toBe('abuse');
      expect(ownersInDoc(doc).member_usage).toBe('usage');
    });
  });
});
