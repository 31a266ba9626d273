import { QueryFailedError } from 'typeorm';
import { serializeError } from './logger.module';

describe('serializeError', () => {
  const failed = () =>
    new QueryFailedError('INSERT INTO sessions (data) VALUES ($1)', ['{"csrfToken":"SECRET-PARAM"}'], {
      message: 'relation does not exist',
      parameters: ['SECRET-DRIVER-PARAM'],
    } as unknown as Error);

  it('drops the SQL parameters of a query error, from an Error and from its serialized form', () => {
    for (const input of [failed(), { ...(serializeError(failed()) as object), parameters: ['SECRET-PARAM'] }]) {
      const text = JSON.stringify(serializeError(input));
      expect(text).toContain('relation does not exist');
      expect(text).not.toContain('SECRET-PARAM');
      expect(text).not.toContain('SECRET-DRIVER-PARAM');
    }
  });

  it('passes other values through', () => {
    expect(serializeError('text')).toBe('text');
    expect(serializeError(null)).toBeNull();
  });
});
