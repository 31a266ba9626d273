/**
 * A function's table of cases, one test each: `fn(input)` equals `expected`. The specs whose cases are an input
 * and what the function answers state only the table.
 */
export function itReturnsEach<I, O>(fn: (input: I) => O, cases: Array<[I, O]>): void {
  it.each(cases)(`${fn.name}(%p) is %p`, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}
