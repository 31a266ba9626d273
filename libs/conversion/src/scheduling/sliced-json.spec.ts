import fc from 'fast-check';
import { CpuLane } from './cpu-lane';
import { stringifyInSlices } from './sliced-json';

describe('stringifyInSlices', () => {
  it('gives exactly JSON.stringify for any body with an array (fast-check)', async () => {
    const lane = new CpuLane();
    const element = fc.oneof(
      fc.jsonValue(),
      fc.record({ a: fc.string(), b: fc.option(fc.integer()), c: fc.constant(undefined) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(element, { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('first', 'last', 'middle'),
        async (rest, items, perSlice, where) => {
          const { items: _drop, ...others } = rest as Record<string, unknown>;
          void _drop;
          const entries = Object.entries(others);
          const at = where === 'first' ? 0 : where === 'last' ? entries.length : Math.floor(entries.length / 2);
          entries.splice(at, 0, ['items', items]);
          const body = Object.fromEntries(entries);
          expect(await stringifyInSlices(body, 'items', lane, 0, perSlice)).toBe(JSON.stringify(body));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves out what JSON.stringify leaves out and keeps key order', async () => {
    const body = { ok: true, skip: undefined, fn: () => 1, items: [1, undefined, { x: undefined }], last: 'z' };
    expect(await stringifyInSlices(body, 'items', new CpuLane(), 0, 2)).toBe(JSON.stringify(body));
  });

  it('gives the event loop back between slices once a slice has run its time', async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const items = Array.from({ length: 2000 }, (_, i) => ({ index: i, input: `https://shopee.vn/product/1/${i}` }));
    const json = await stringifyInSlices({ ok: true, items }, 'items', new CpuLane(), 0, 100);
    running = false;
    expect(JSON.parse(json).items).toHaveLength(2000);
    // sliceMs 0: a turn after every one of the 20 slices.
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
