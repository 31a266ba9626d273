import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * HTML is made in one place: the TSX views (apps/api/src/views/), rendered by preact-render-to-string, which
 * escapes every value. Anywhere else in the apps and libs (TypeScript and the browser islands alike) this fails
 * on `innerHTML`, `outerHTML`, `insertAdjacentHTML`, `document.write` and on template literals that hold markup
 * (the libs' `testing/` fakes aside: the marketplace pages they imitate are test data, never served).
 * Parsed with the TypeScript compiler, so comments and plain strings that merely mention a tag do not count.
 */
const ROOT = join(__dirname, '..', '..');
const VIEWS = 'apps/api/src/views/';
const SINKS = new Set(['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'write', 'writeln']);
/**
 * Markup: a closing tag (`</td>`), a tag with an attribute and its value (`<a href=`, `<p class="x">`), a
 * self-closing tag (`<br/>`), or a doctype. A lone `<word>` is not: it is how URL patterns write a placeholder
 * (`/product/<shop>/<item>`, `?url=<link>`, `/<code>`), and a page fragment without any of the former is rare.
 */
const MARKUP =
  /<\/[a-zA-Z][a-zA-Z0-9-]*\s*>|<[a-zA-Z][a-zA-Z0-9-]*\s+[a-zA-Z-]+\s*=|<[a-zA-Z][a-zA-Z0-9-]*\s*\/>|<!doctype/i;

export function handBuiltHtml(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.js')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && SINKS.has(node.name.text)) {
      const owner = node.expression.getText(source);
      if (node.name.text.startsWith('write') ? /(^|\.)document$/.test(owner) : true) {
        found.push(`${where(node)} ${node.name.text}`);
      }
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) && MARKUP.test(node.text)) found.push(`${where(node)} HTML template`);
    if (ts.isTemplateExpression(node)) {
      const literal = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('${}');
      if (MARKUP.test(literal)) found.push(`${where(node)} HTML template`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hand-built HTML outside the views', () => {
  it('finds the sinks and HTML templates it is meant to find, and not their mentions', () => {
    expect(
      handBuiltHtml('a.ts', 'el.innerHTML = x; el.insertAdjacentHTML("beforeend", y); document.write(z);'),
    ).toEqual(['a.ts:1 innerHTML', 'a.ts:1 insertAdjacentHTML', 'a.ts:1 write']);
    expect(handBuiltHtml('b.js', 'const row = `<tr><td>${name}</td></tr>`; const p = `<p class="x">`;')).toHaveLength(
      2,
    );
    expect(
      handBuiltHtml(
        'c.ts',
        '/** `<code>` in a comment */ const s = "<b>"; res.setHeader("HX-Reswap", "outerHTML"); log.write(1);',
      ),
    ).toEqual([]);
    expect(handBuiltHtml('d.ts', 'const less = `${a} < ${b}`;')).toEqual([]);
    // URL patterns' placeholders are not markup; a fragment with a closing tag, an attribute or `/>` is.
    expect(
      handBuiltHtml('e.ts', 'const p = `/<code> (on ${host})`; const q = `/t/c.<code>?${k}=<Lazada link>`;'),
    ).toEqual([]);
    expect(
      handBuiltHtml(
        'f.ts',
        'const a = `<a href="${u}">`; const b = `<b>${x}</b>`; const c = `<br/>${y}`; const d = `<input value=${v}>`;',
      ),
    ).toHaveLength(4);
  });

  it('holds for every source file of the apps and libs (the views aside)', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'libs'], { cwd: ROOT })
      .toString()
      .split('\n')
      .filter(
        (file) => /\.(ts|tsx|js)$/.test(file) && !file.startsWith(VIEWS) && !/\.spec\.tsx?$|\/testing\//.test(file),
      );
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => handBuiltHtml(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
