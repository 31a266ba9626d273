import { type ArgumentMetadata, type PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppException } from '@app/common';
import { bodySchemaOf } from '@app/http';
import { CONVERT_MODE_NAMES, isConvertMode } from '@app/conversion';
import Ajv, { type ValidateFunction } from 'ajv';

function firstMessage(error: ValidationError): { field: string; message: string } {
  const path: string[] = [];
  let current: ValidationError | undefined = error;
  while (current) {
    if (current.property !== undefined) path.push(current.property);
    const messages = Object.values(current.constraints ?? {});
    if (messages.length > 0) return { field: path.join('.'), message: messages[0] };
    current = current.children?.[0];
  }
  return { field: path.join('.'), message: 'is not valid' };
}

/** Validation failures in the contract's terms: `invalid_mode` for a bad mode, `invalid_request` with the field otherwise. */
export function validationException(errors: ValidationError[]): AppException {
  const modeError = errors.find((error) => error.property === 'mode');
  if (modeError && typeof modeError.value === 'string') {
    return new AppException('invalid_mode', `mode must be one of: ${CONVERT_MODE_NAMES.join(', ')}`, { field: 'mode' });
  }
  const first = errors[0];
  if (!first || first.property === undefined || first.target === undefined) {
    return new AppException('invalid_request', 'The request body must be a JSON object');
  }
  if (first.constraints?.whitelistValidation) {
    const field = first.property.slice(0, 64);
    return new AppException('invalid_request', `Unknown field: ${field}`, { field });
  }
  const { field, message } = firstMessage(first);
  return new AppException('invalid_request', message, { field });
}

/** class-validator on the DTO, with the contract's error mapping. */
export function classValidatorPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validateCustomDecorators: false,
    stopAtFirstError: true,
    validationError: { target: true, value: true },
    exceptionFactory: validationException,
  });
}

/** The keys of `value` that `schema` does not name (`additionalProperties: false`), in the body's order. */
function firstUnknownKey(value: object, schema: object): string | undefined {
  const known = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const key in value) if (!Object.prototype.hasOwnProperty.call(known, key)) return key;
  return undefined;
}

/**
 * The app's one validation pipe (global, `APP_PIPE`). A body whose DTO declares a JSON Schema (`@BodySchema`:
 * the convert body) is checked by that schema, compiled once by ajv: a body that matches is handed to the
 * route as parsed, with no instance built and no class-validator pass (the hot path); unknown fields are
 * refused on sight, before any object is built. For a body that does not match, the exact error the
 * contract gives (`invalid_mode` listing the modes, `invalid_request` naming the field and its message) comes
 * from class-validator on the DTO, which the schema mirrors. Everything else goes to class-validator as before.
 */
export class AppValidationPipe implements PipeTransform {
  private readonly classValidator = classValidatorPipe();
  private readonly ajv = new Ajv({ allErrors: false, coerceTypes: false, useDefaults: false, strict: true });
  private readonly compiled = new Map<unknown, ValidateFunction>();

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const schema = metadata.type === 'body' ? bodySchemaOf(metadata.metatype) : undefined;
    if (!schema) return this.classValidator.transform(value, metadata);
    if (this.validatorFor(metadata.metatype, schema)(value)) return value;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const unknown = firstUnknownKey(value, schema);
      if (unknown !== undefined) {
        // The contract's precedence: a mode that is not one of ours is named first, then the unknown field.
        const mode = (value as { mode?: unknown }).mode;
        if (typeof mode === 'string' && !isConvertMode(mode)) throw validationException([modeError(mode)]);
        const field = unknown.slice(0, 64);
        throw new AppException('invalid_request', `Unknown field: ${field}`, { field });
      }
    }
    // A body of the DTO's fields only (a handful of keys): class-validator words the error.
    return this.classValidator.transform(value, metadata);
  }

  private validatorFor(metatype: unknown, schema: object): ValidateFunction {
    let validate = this.compiled.get(metatype);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(metatype, validate);
    }
    return validate;
  }
}

function modeError(mode: string): ValidationError {
  return { property: 'mode', value: mode, constraints: { isIn: 'mode' }, children: [] };
}

export function validationPipe(): AppValidationPipe {
  return new AppValidationPipe();
}

const pagesPipe = new AppValidationPipe();

/**
 * `plain` checked as the body of `type` by the app's validation pipe (its errors are the API's): how the pages
 * turn a form into the body of the JSON route it stands for, so a page and the API accept the same values.
 */
export async function validated<T>(type: new () => T, plain: object): Promise<T> {
  return (await pagesPipe.transform(plain, { type: 'body', metatype: type })) as T;
}
