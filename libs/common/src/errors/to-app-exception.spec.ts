import {
  BadRequestException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { QueryFailedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { AppException } from './app-exception';
import { toAppException } from './to-app-exception';

const GENERIC = { code: 'internal_error', message: 'Internal server error' };

function mapped(error: unknown): { code: string; message: string; retryAfterSeconds?: number } {
  const exception = toAppException(error);
  return { code: exception.code, message: exception.message, ...exception.details };
}

describe('toAppException', () => {
  it('passes an AppException through untouched', () => {
    const original = new AppException('invalid_request', 'content is required', { field: 'content' });
    expect(toAppException(original)).toBe(original);
  });

  it('turns an unknown error into internal_error with a generic message, dropping its text and stack', () => {
    const error = new Error('boom SELECT secret FROM members WHERE password = $1');
    const exception = toAppException(error);
    expect(exception).not.toBe(error);
    expect(mapped(error)).toEqual(GENERIC);
    expect(JSON.stringify(exception.details)).toBe('{}');
  });

  it('turns a query error that is not about reachability into internal_error, without the SQL', () => {
    const error = new QueryFailedError('SELECT * FROM members WHERE id = $1', ['m-1'], {
      message: 'relation "members" does not exist',
      code: '42P01',
    } as unknown as Error);
    expect(mapped(error)).toEqual(GENERIC);
  });

  it('turns a statement the database cancelled (statement_timeout, 57014) into 503 unavailable, without the SQL', () => {
    const error = new QueryFailedError('SELECT sum(clicks) FROM click_hours WHERE member_id = $1', ['m-1'], {
      message: 'canceling statement due to statement timeout',
      code: '57014',
    } as unknown as Error);
    const answer = mapped(error);
    expect(answer.code).toBe('unavailable');
    expect(answer.message).toMatch(/shorter range/);
    expect(answer.retryAfterSeconds).toBe(30);
    expect(JSON.stringify(answer)).not.toMatch(/SELECT|click_hours|m-1/);
  });

  it.each([
    ['a string', 'SELECT 1'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a plain object', { message: 'INSERT INTO x', stack: 'at f (/x.ts:1:2)' }],
    ['an unknown body-parser type', Object.assign(new Error('x'), { type: 'entity.unknown' })],
  ])('turns %s thrown into internal_error', (_what, thrown) => {
    expect(mapped(thrown)).toEqual(GENERIC);
  });

  it.each([
    ['entity.parse.failed', 'invalid_json'],
    ['entity.too.large', 'payload_too_large'],
    ['encoding.unsupported', 'unsupported_media_type'],
    ['charset.unsupported', 'unsupported_media_type'],
    ['request.size.invalid', 'invalid_request'],
    ['request.aborted', 'invalid_request'],
    ['stream.encoding.set', 'internal_error'],
  ])('maps the body-parser error %s to %s with its own message', (type, code) => {
    const error = Object.assign(new Error('Unexpected token } in JSON at position 7: {"api_token":"tok_x"}'), { type });
    const result = mapped(error);
    expect(result.code).toBe(code);
    expect(result.message).not.toContain('tok_');
    expect(result.message).not.toContain('position');
  });

  it('maps Nest HTTP exceptions by status, hiding the text of 5xx ones', () => {
    expect(mapped(new NotFoundException('Cannot POST /secret/path'))).toEqual({
      code: 'not_found',
      message: 'No such route',
    });
    expect(mapped(new BadRequestException('bad thing'))).toEqual({ code: 'invalid_request', message: 'bad thing' });
    expect(mapped(new HttpException('teapot', 418))).toEqual({ code: 'invalid_request', message: 'teapot' });
    expect(mapped(new InternalServerErrorException('SELECT password FROM members'))).toEqual(GENERIC);
    expect(mapped(new HttpException('gateway said SELECT', 502))).toEqual(GENERIC);
    expect(mapped(new ServiceUnavailableException('pool drained'))).toEqual({
      code: 'unavailable',
      message: 'The service is temporarily unavailable, try again shortly',
      retryAfterSeconds: 5,
    });
  });

  it.each([
    ['a connection-class SQLSTATE', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a closed PGlite', new Error('PGlite is closed')],
    // TypeORM releases a transaction's runner whose connection died (PostgreSQL restarted): its next query says so.
    ['a runner whose connection died', new QueryRunnerProviderAlreadyReleasedError()],
    ['a lost connection', new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'))],
    [
      'an error wrapping a driver error of the connection class',
      Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: '08006' }) }),
    ],
  ])('maps %s to 503 unavailable with Retry-After, not 500', (_what, error) => {
    expect(mapped(error)).toEqual({
      code: 'unavailable',
      message: 'The service is temporarily unavailable, try again shortly',
      retryAfterSeconds: 5,
    });
  });
});
