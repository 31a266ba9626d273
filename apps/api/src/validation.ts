import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppException } from '@app/common';
import { CONVERT_MODE_NAMES } from '@app/conversion';

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

export function validationPipe(): ValidationPipe {
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
