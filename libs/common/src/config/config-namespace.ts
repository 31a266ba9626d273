import { Provider } from '@nestjs/common';
import { ConfigFactoryKeyHost, registerAs } from '@nestjs/config';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import type { GeneratedSecret } from './secret-file';

/** `"8080"` → 8080; anything else is left for the validator to refuse. */
export const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/** `true/1/yes/on` and `false/0/no/off` (any case) → a boolean; anything else is left for the validator. */
export const toBool = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  return value;
};

/** An empty value counts as unset. */
export const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;
type SettingsClass<T> = new () => T;

/**
 * One lib's settings: a `registerAs` namespace (inject it typed with `@Inject(xConfig.KEY) cfg: XConfig`) and
 * the class-validator class that reads and checks its environment variables.
 */
export interface ConfigNamespace<T extends object = object> {
  (): T;
  /** The injection token (`@Inject(xConfig.KEY)`), as `registerAs` makes it. */
  readonly KEY: ConfigFactoryKeyHost['KEY'];
  readonly namespace: string;
  readonly settings: SettingsClass<T>;
  /** Runs once every namespace is valid: fills defaults that follow other settings; returns more problems. */
  complete?(value: T, config: LoadedConfig): string[];
  /** Its secrets that are required with DATABASE_URL and generated once under DATA_DIR otherwise (`ensureSecrets`). */
  readonly secrets?: readonly GeneratedSecret[];
}

/** Declares the settings of one lib. The factory reads `process.env`, as @nestjs/config's `registerAs` expects. */
export function configNamespace<T extends object>(
  namespace: string,
  settings: SettingsClass<T>,
  options: { complete?: (value: T, config: LoadedConfig) => string[]; secrets?: readonly GeneratedSecret[] } = {},
): ConfigNamespace<T> {
  const factory = registerAs(namespace, (): T => loadConfig(process.env, [self]).get(self));
  const self: ConfigNamespace<T> = Object.assign(factory, {
    namespace,
    settings,
    complete: options.complete,
    secrets: options.secrets,
  });
  return self;
}

/** The environment variables a settings class reads (every validated property), in declaration order. */
export function settingNames(settings: SettingsClass<object>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(settings, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

function readSettings<T extends object>(settings: SettingsClass<T>, env: Env): { value: T; problems: string[] } {
  const picked: Record<string, string> = {};
  for (const key of settingNames(settings)) {
    const raw = env[key];
    if (raw !== undefined) picked[key] = raw;
  }
  const value = plainToInstance(settings, picked);
  const errors = validateSync(value, { forbidUnknownValues: true });
  return { value, problems: errors.flatMap((error) => Object.values(error.constraints ?? {})) };
}

/** The validated settings of every loaded namespace. */
export class LoadedConfig {
  constructor(private readonly values: ReadonlyMap<ConfigNamespace, object>) {}

  get<T extends object>(namespace: ConfigNamespace<T>): T {
    const value = this.find(namespace);
    if (!value) throw new Error(`The ${namespace.namespace} settings were not loaded`);
    return value;
  }

  find<T extends object>(namespace: ConfigNamespace<T>): T | undefined {
    return this.values.get(namespace as ConfigNamespace) as T | undefined;
  }

  /** The loaded namespaces, in the order they were loaded. */
  namespaces(): ConfigNamespace[] {
    return [...this.values.keys()];
  }

  /** One provider per namespace, under its `registerAs` token (`xConfig.KEY`). */
  providers(): Provider[] {
    return [...this.values].map(([namespace, value]) => ({ provide: namespace.KEY, useValue: value }));
  }
}

/** Reads and validates the given namespaces from an environment-like record; one `ConfigError` lists every bad value. */
export function loadConfig(env: Env, namespaces: ConfigNamespace[]): LoadedConfig {
  const values = new Map<ConfigNamespace, object>();
  const problems: string[] = [];
  for (const namespace of namespaces) {
    if (values.has(namespace)) continue;
    const read = readSettings(namespace.settings, env);
    values.set(namespace, read.value);
    problems.push(...read.problems);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const config = new LoadedConfig(values);
  for (const [namespace, value] of values) problems.push(...(namespace.complete?.(value, config) ?? []));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** One namespace's validated settings (tests and tools that need one lib's settings). */
export function loadNamespace<T extends object>(namespace: ConfigNamespace<T>, env: Env): T {
  return loadConfig(env, [namespace]).get(namespace);
}

/** The problems of the `ConfigError` that `load` throws (tests); any other outcome is thrown as an error. */
export function configProblems(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('The settings loaded without a ConfigError');
}
