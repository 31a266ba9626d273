import { ConfigError } from '@app/common';

/** The problems listed by the `ConfigError` that `load` throws (it must throw one). */
export function configProblems(load: () => unknown): string[] {
  let error: unknown;
  try {
    load();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).problems;
}
