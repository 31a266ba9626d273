import type { CpuLane } from './cpu-lane';

/**
 * `JSON.stringify(body)` for a body with one long array (a conversion's 5,000 items): the same string, built
 * `perSlice` elements at a time with a turn of `lane` between slices once `sliceMs` have passed, so that the
 * serialisation of a large answer does not hold the event loop in one go (tens of milliseconds for a megabyte).
 * The other properties are serialised whole, in their own order; properties `JSON.stringify` leaves out
 * (undefined, functions, symbols) are left out here too.
 */
export async function stringifyInSlices(
  body: Record<string, unknown>,
  arrayKey: string,
  lane: CpuLane,
  sliceMs: number,
  perSlice = 250,
): Promise<string> {
  const slicer = lane.slicer(sliceMs);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key !== arrayKey || !Array.isArray(value)) {
      const json = JSON.stringify(value);
      if (json !== undefined) parts.push(`${JSON.stringify(key)}:${json}`);
      continue;
    }
    const elements: string[] = [];
    for (let from = 0; from < value.length; from += perSlice) {
      // An array's JSON is "[" + its elements' JSON joined by "," + "]": each slice's brackets come off.
      elements.push(JSON.stringify(value.slice(from, from + perSlice)).slice(1, -1));
      await slicer.maybeYield();
    }
    parts.push(`${JSON.stringify(key)}:[${elements.join(',')}]`);
  }
  return `{${parts.join(',')}}`;
}
