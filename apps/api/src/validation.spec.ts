import 'reflect-metadata';
import { AppException } from '@app/common';
import { ConvertRequestDto } from '@app/conversion';
import * as classTransformer from 'class-transformer';
import { AppValidationPipe, classValidatorPipe } from './validation';

const META = { type: 'body', metatype: ConvertRequestDto } as const;
const OK = { content: 'x', mode: 'affiliate' };

/** Bodies of every shape: valid ones, every field wrong in every way, unknown fields, not objects at all. */
const CORPUS: unknown[] = [
  OK,
  { ...OK, affiliate_id: 'abc_-1', sub_ids: ['fb', 'x1'], api_key: 'sk', api_token: 'tok' },
  { ...OK, affiliate_id: null, sub_ids: null, api_key: null, api_token: null },
  { ...OK, sub_ids: [] },
  { ...OK, sub_ids: ['a', 'b', 'c', 'd', 'e'] },
  { content: 5, mode: 'affiliate' },
  { content: '', mode: 'affiliate' },
  { content: null, mode: 'affiliate' },
  { mode: 'affiliate' },
  { content: 'x' },
  { content: 'x', mode: 5 },
  { content: 'x', mode: null },
  { content: 'x', mode: 'nope' },
  { content: 'x', mode: 'AFFILIATE' },
  { content: 5, mode: 'nope' },
  { ...OK, affiliate_id: 5 },
  { ...OK, affiliate_id: 'a b' },
  { ...OK, affiliate_id: '' },
  { ...OK, affiliate_id: 'x'.repeat(65) },
  { ...OK, sub_ids: 'a' },
  { ...OK, sub_ids: 'a b' },
  { ...OK, sub_ids: [1] },
  { ...OK, sub_ids: [null] },
  { ...OK, sub_ids: {} },
  { ...OK, sub_ids: ['a', 'b', 'c', 'd', 'e', 'f'] },
  { ...OK, sub_ids: [1, 2, 3, 4, 5, 6] },
  { ...OK, sub_ids: ['a b'] },
  { ...OK, sub_ids: ['x'.repeat(51)] },
  { ...OK, api_key: 5 },
  { ...OK, api_token: [] },
  { ...OK, extra: 1, other: 2 },
  { extra: 1, content: 5 },
  { extra: 1, mode: 'nope' },
  { extra: 1, mode: 5 },
  { ...OK, ['x'.repeat(100)]: 1 },
  {},
  [],
  [1],
  null,
  'text',
  5,
  true,
];

async function outcome(pipe: { transform(value: unknown, meta: typeof META): unknown }, body: unknown) {
  try {
    return { ok: JSON.stringify(await pipe.transform(body, META)) };
  } catch (error) {
    const e = error as AppException;
    return { code: e.code, message: e.message, details: e.details };
  }
}

describe('AppValidationPipe on the convert body (JSON Schema compiled once, ajv)', () => {
  const pipe = new AppValidationPipe();
  const reference = classValidatorPipe();

  it.each(CORPUS.map((body) => [JSON.stringify(body), body]))(
    '%s: the same answer as class-validator on the DTO',
    async (_name, body) => {
      expect(await outcome(pipe, body)).toEqual(await outcome(reference, body));
    },
  );

  it('hands a valid body to the route as parsed, with no instance built', async () => {
    const spy = jest.spyOn(classTransformer, 'plainToInstance');
    const body = { ...OK, sub_ids: ['fb'] };
    expect(await pipe.transform(body, META)).toBe(body);
    expect(spy).not.toHaveBeenCalled();
    // The spy does see class-validator's pipe build one.
    await reference.transform(body, META);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('refuses a wide body of unknown keys on the first one, before any object is built', async () => {
    const spy = jest.spyOn(classTransformer, 'plainToInstance');
    const wide: Record<string, unknown> = { ...OK };
    for (let i = 0; i < 45_000; i += 1) wide[`k${i}`] = i;
    await expect(pipe.transform(wide, META)).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Unknown field: k0',
      details: { field: 'k0' },
    });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('refuses __proto__ and constructor as the unknown fields they are', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const body = JSON.parse(`{"content":"x","mode":"affiliate","${key}":1}`) as unknown;
      await expect(pipe.transform(body, META)).rejects.toMatchObject({ message: `Unknown field: ${key}` });
    }
  });

  it('leaves other parameters to class-validator', async () => {
    expect(await pipe.transform('42', { type: 'param', metatype: String, data: 'id' })).toBe('42');
  });
});
