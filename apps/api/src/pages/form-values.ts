import { AppException } from '@app/common';
import type { FieldErrors } from '../views/choices';

/**
 * A refusal of the API's own checks that names a field (`invalid_request` with `field`), as the errors a form
 * shows beside that field; null for every other error (the page's filter says those in the form's status line).
 */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (error instanceof AppException && error.code === 'invalid_request' && error.details.field) {
    return { [error.details.field.split('.')[0]]: error.message };
  }
  return null;
}

/**
 * A form's change through the API's checks: what `act` answers, or, when a check refuses a field, what `refused`
 * answers with the errors to show beside it. Any other error goes on to the page's filter.
 */
export async function orFieldErrors<T>(
  act: () => Promise<T>,
  refused: (errors: FieldErrors) => Promise<T>,
): Promise<T> {
  try {
    return await act();
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw error;
    return refused(errors);
  }
}

/** A form value posted once (a string) or more (a list, as the JSON encoding sends a group of checkboxes). */
export function listOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
