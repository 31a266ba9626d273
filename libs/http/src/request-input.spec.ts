import fc from 'fast-check';
import { hasUnstorableText, jsonBodyProblem, queryProblem } from './request-input';

describe('jsonBodyProblem: nesting depth', () => {
  const depth = (maxDepth: number) => ({ maxDepth, maxEntries: Infinity });

  it('accepts flat and moderately nested values', () => {
    expect(jsonBodyProblem('text', depth(1))).toBeNull();
    expect(jsonBodyProblem({ a: [1, 2], b: { c: 'd' } }, depth(3))).toBeNull();
  });

  it('flags values nested past the limit', () => {
    expect(jsonBodyProblem({ a: { b: { c: {} } } }, depth(3))).toMatchObject({ code: 'invalid_json' });
    expect(jsonBodyProblem([[[[]]]], depth(3))).toMatchObject({ code: 'invalid_json' });
  });

  it('copes with very deep values without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(jsonBodyProblem(deep, depth(16))).toMatchObject({ code: 'invalid_json' });
  });
});

describe('jsonBodyProblem', () => {
  const limits = { maxDepth: 16, maxEntries: 100 };

  it('accepts a usual body', () => {
    expect(jsonBodyProblem({ content: 'a 🔑 link', options: { sub_ids: ['a', 'b'] } }, limits)).toBeNull();
  });

  it('refuses more keys and array elements than maxEntries, counted over every level, with 413', () => {
    const wide = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 1]));
    expect(jsonBodyProblem(wide, limits)).toMatchObject({ code: 'payload_too_large' });
    const spread = { a: Array(60).fill(0), b: { c: Array(40).fill(0) } };
    expect(jsonBodyProblem(spread, limits)).toMatchObject({ code: 'payload_too_large' });
    expect(jsonBodyProblem({ a: Array(60).fill(0), b: Array(38).fill(0) }, limits)).toBeNull();
  });

  it('stops at the limit: a body far past it costs at most maxEntries steps, no value of the wide level is read', () => {
    let reads = 0;
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 45_000; i++) Object.defineProperty(wide, `k${i}`, { enumerable: true, get: () => ++reads });
    expect(jsonBodyProblem({ a: 1, wide }, limits)).toMatchObject({ code: 'payload_too_large' });
    expect(reads).toBe(0);
    // Spread over many small objects: the walk ends within maxEntries values read.
    reads = 0;
    const counted = () => {
      const node: Record<string, unknown> = {};
      Object.defineProperty(node, 'x', { enumerable: true, get: () => ++reads });
      return node;
    };
    expect(jsonBodyProblem(Array.from({ length: 45_000 }, counted), limits)).toMatchObject({
      code: 'payload_too_large',
    });
    expect(reads).toBe(0);
    const nested = { list: Array.from({ length: 60 }, counted), more: Array.from({ length: 60 }, counted) };
    expect(jsonBodyProblem(nested, limits)).toMatchObject({ code: 'payload_too_large' });
    expect(reads).toBeLessThanOrEqual(limits.maxEntries);
  });

  it('names the field of a string or key holding U+0000 or a lone surrogate', () => {
    expect(jsonBodyProblem({ email: 'a\u0000@example.com' }, limits)).toMatchObject({
      code: 'invalid_request',
      details: { field: 'email' },
    });
    expect(jsonBodyProblem({ options: { sub_ids: ['ok', 'x\ud800'] } }, limits)).toMatchObject({
      code: 'invalid_request',
      details: { field: 'options.sub_ids[1]' },
    });
    expect(jsonBodyProblem({ 'a\u0000b': 1 }, limits)).toMatchObject({ details: { field: 'a\\u0000b' } });
    expect(jsonBodyProblem({ low: '\udc00x' }, limits)).toMatchObject({ details: { field: 'low' } });
    // A surrogate pair is one character, not a problem.
    expect(jsonBodyProblem({ emoji: '\ud83d\udd11' }, limits)).toBeNull();
  });
});

describe('queryProblem', () => {
  it('refuses U+0000 in a query value or name, naming the parameter', () => {
    expect(queryProblem({ email: '\u0000' })).toMatchObject({ code: 'invalid_request', details: { field: 'email' } });
    expect(queryProblem({ page: ['1', 'x\u0000'] })).toMatchObject({ details: { field: 'page' } });
    expect(queryProblem({ email: 'me@example.com', page: '2' })).toBeNull();
  });

  it.each(['api_key', 'api_token', 'apikey', 'Api-Token', 'x-api-token', 'apiToken', 'KEY', 'token', 'access_token'])(
    'refuses the secret-bearing name %s',
    (name) => {
      expect(queryProblem({ [name]: 'tok_x' })).toMatchObject({ code: 'invalid_request', details: { field: name } });
    },
  );
});

describe('hasUnstorableText', () => {
  // The definition: U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
  const DEFINITION = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

  it('answers as the definition on any UTF-16 text, pairs, lone halves and U+0000 mixed in', () => {
    const unit = fc.oneof(
      fc.constantFrom('\u0000', '\ud83d', '\ude00', '😀', 'a', 'ệ', ' '),
      fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join('');
        expect(hasUnstorableText(text)).toBe(DEFINITION.test(text));
      }),
      { numRuns: 5000 },
    );
  });
});
