import { AppException, isSecretQueryName, isSecretQueryValue } from '@app/common';

/** The shape limits of a JSON request body (JSON_MAX_DEPTH, JSON_MAX_ENTRIES). */
export interface JsonLimits {
  maxDepth: number;
  /** Most object keys and array elements in the whole body, every level together. */
  maxEntries: number;
}

/** `String.prototype.isWellFormed` (ES2024, in Node 20): not in the ES2022 library the project compiles against. */
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * Whether a string holds U+0000 or a UTF-16 surrogate without its pair: text Postgres (and most systems) cannot
 * store. Two native scans (`isWellFormed` finds lone surrogates), a third of the time of one regular expression
 * with look-arounds over a deal text full of emoji.
 */
export function hasUnstorableText(text: string): boolean {
  return text.includes('\u0000') || !(text as WellFormedCheck).isWellFormed();
}

/** A field name fit for an error message: control and lone-surrogate characters escaped, at most 64 characters. */
function printable(name: string): string {
  const shown = name.replace(
    /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return shown.length > 64 ? `${shown.slice(0, 63)}…` : shown;
}

function unstorable(field: string, where: string): AppException {
  const shown = printable(field);
  return new AppException('invalid_request', `${where}${shown} must not contain U+0000 or a lone surrogate`, {
    field: shown,
  });
}

/** The 400 for a body nested deeper than `maxDepth`. */
function tooDeepException(maxDepth: number): AppException {
  return new AppException('invalid_json', `The JSON body is nested deeper than ${maxDepth} levels`);
}

/** The 413 for a body with more than `maxEntries` keys and array elements. */
function tooManyEntriesException(maxEntries: number): AppException {
  return new AppException(
    'payload_too_large',
    `The JSON body has more than ${maxEntries} keys and array elements in all`,
  );
}

interface Frame {
  node: unknown;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
}

function pathOf(frame: Frame | null, last?: string | number): string {
  const parts: Array<string | number> = last === undefined ? [] : [last];
  for (let at = frame; at && at.key !== null; at = at.parent) parts.unshift(at.key);
  return parts.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

/**
 * What is wrong with a parsed JSON body, or null: nested deeper than `maxDepth`, more than `maxEntries` keys
 * and array elements in all, or a key or string value holding U+0000 or a lone surrogate (400 naming the
 * field). One iterative walk (no recursion, so a hostile body cannot overflow the stack) that stops at the
 * first problem, so a body far past the limits costs at most `maxEntries` steps: run before anything else
 * (class-transformer, validation, a guard) walks the object.
 */
export function jsonBodyProblem(value: unknown, limits: JsonLimits): AppException | null {
  let entries = 0;
  const stack: Frame[] = [{ node: value, depth: 0, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node } = frame;
    if (typeof node === 'string') {
      if (hasUnstorableText(node)) return unstorable(pathOf(frame) || '(body)', '');
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const depth = frame.depth + 1;
    if (depth > limits.maxDepth) return tooDeepException(limits.maxDepth);
    if (Array.isArray(node)) {
      entries += node.length;
      if (entries > limits.maxEntries) return tooManyEntriesException(limits.maxEntries);
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], depth, parent: frame, key: i });
    } else {
      const keys = Object.keys(node);
      entries += keys.length;
      if (entries > limits.maxEntries) return tooManyEntriesException(limits.maxEntries);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (hasUnstorableText(key)) return unstorable(pathOf(frame, key), 'The key ');
        stack.push({ node: (node as Record<string, unknown>)[key], depth, parent: frame, key });
      }
    }
  }
  return null;
}

/**
 * What is wrong with a parsed query string (`req.query`: names to strings or lists of strings), or null: a
 * secret-bearing name (`isSecretQueryName`) or a value shaped like our own secrets (`isSecretQueryValue`: 400
 * naming the parameter), or a name or value holding U+0000 or a lone
 * surrogate (400 naming the parameter).
 */
export function queryProblem(query: Record<string, unknown> | undefined): AppException | null {
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    const valueIsSecret = () => values.some((item) => typeof item === 'string' && isSecretQueryValue(item));
    if (isSecretQueryName(name) || isSecretQueryValue(name) || valueIsSecret()) {
      // A name shaped like a secret (`?tok_…`) is not echoed back.
      const field = isSecretQueryValue(name) ? '(query)' : printable(name);
      return new AppException(
        'invalid_request',
        `Secrets are not accepted in the query string (${field}); send API credentials in the ` +
          'X-API-Key and X-API-Token headers and passwords in the JSON body',
        { field },
      );
    }
    if (hasUnstorableText(name) || values.some((item) => typeof item === 'string' && hasUnstorableText(item))) {
      return unstorable(name, 'The query parameter ');
    }
  }
  return null;
}
