import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * The one way HTML is made: a typed TSX view rendered by preact-render-to-string, which escapes every text and
 * attribute value (nothing is inserted as raw HTML). A whole page gets its doctype; a partial (an htmx swap) not.
 */
export function renderPage(view: VNode): string {
  return `<!doctype html>${renderToString(view)}`;
}

export function renderPartial(view: VNode): string {
  return renderToString(view);
}
