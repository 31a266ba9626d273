import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type ConfigNamespace, type LoadedConfig } from './config-namespace';

/**
 * A secret setting that is required with DATABASE_URL and generated once under DATA_DIR otherwise. Its lib lists it
 * with its settings (`configNamespace(name, settings, { secrets: [...] })`).
 */
export interface GeneratedSecret {
  name: string;
  file: string;
  requirement: string;
  generate: () => string;
  isValid: (value: string) => boolean;
}

/** A secret of at least 32 characters, generated as 48 random bytes in base64url. */
export function textSecret(name: string, file: string): GeneratedSecret {
  return {
    name,
    file,
    requirement: 'at least 32 characters',
    generate: () => randomBytes(48).toString('base64url'),
    isValid: (value) => value.length >= 32,
  };
}

/** A key of 32 bytes in base64 (`shape` is the setting's own check), generated as 32 random bytes. */
export function keySecret(name: string, file: string, shape: RegExp): GeneratedSecret {
  return {
    name,
    file,
    requirement: '32 bytes, base64 encoded',
    generate: () => randomBytes(32).toString('base64'),
    isValid: (value) => shape.test(value),
  };
}

/** Where the generated secrets are kept: the database settings (`DATA_DIR`, embedded or not). */
export interface SecretStore {
  readonly DATA_DIR: string;
  readonly usesEmbeddedDatabase: boolean;
}

/** A generated secret of a loaded namespace, and the settings object that holds its value. */
interface SecretSlot {
  spec: GeneratedSecret;
  holder: Record<string, unknown>;
}

/** Every generated secret of the loaded namespaces, in the order they are loaded. */
function slotsOf(config: LoadedConfig): SecretSlot[] {
  return config
    .namespaces()
    .flatMap((namespace: ConfigNamespace) =>
      (namespace.secrets ?? []).map((spec) => ({ spec, holder: config.get(namespace) as Record<string, unknown> })),
    );
}

const valueOf = ({ spec, holder }: SecretSlot): string | undefined => holder[spec.name] as string | undefined;

export interface EnsuredSecret {
  generated: boolean;
  path?: string;
}

/** Reads (or creates, mode 600) the file that keeps a generated secret under DATA_DIR. */
function ensureSecretFile(store: SecretStore, { spec, holder }: SecretSlot): EnsuredSecret {
  mkdirSync(store.DATA_DIR, { recursive: true });
  const path = join(store.DATA_DIR, spec.file);
  let generated = false;
  if (!existsSync(path)) {
    writeFileSync(path, spec.generate(), { mode: 0o600, flag: 'wx' });
    generated = true;
  }
  chmodSync(path, 0o600);
  const value = readFileSync(path, 'utf8').trim();
  if (!spec.isValid(value)) throw new ConfigError([`${path} must hold ${spec.name}: ${spec.requirement}`]);
  holder[spec.name] = value;
  return { generated, path };
}

/**
 * Makes sure one generated secret is set. With a real DATABASE_URL it must come from the environment
 * (several instances must share it). With the embedded database it is generated once and kept under
 * DATA_DIR, so keys, sessions, passwords and encrypted settings made before a restart still work after it.
 */
export function ensureSecret(config: LoadedConfig, store: SecretStore, name: string): EnsuredSecret {
  const slot = slotsOf(config).find(({ spec }) => spec.name === name);
  if (!slot) throw new Error(`No loaded namespace generates ${name}`);
  if (valueOf(slot)) return { generated: false };
  if (!store.usesEmbeddedDatabase) {
    throw new ConfigError([`${name} is required when DATABASE_URL is set (${slot.spec.requirement})`]);
  }
  return ensureSecretFile(store, slot);
}

/**
 * Makes sure every generated secret of the loaded namespaces is set (see `ensureSecret`). Throws one `ConfigError`
 * listing every missing secret; returns the names and files of those generated now.
 */
export function ensureSecrets(config: LoadedConfig, store: SecretStore): Array<{ name: string; path: string }> {
  const missing = slotsOf(config).filter((slot) => !valueOf(slot));
  if (missing.length > 0 && !store.usesEmbeddedDatabase) {
    throw new ConfigError(
      missing.map(({ spec }) => `${spec.name} is required when DATABASE_URL is set (${spec.requirement})`),
    );
  }
  const generated: Array<{ name: string; path: string }> = [];
  for (const slot of missing) {
    const result = ensureSecretFile(store, slot);
    if (result.generated && result.path) generated.push({ name: slot.spec.name, path: result.path });
  }
  return generated;
}

/** The generated secrets of the loaded namespaces: their setting names, files under DATA_DIR and values (if set). */
export function secretSettings(config: LoadedConfig): Array<{ name: string; file: string; value?: string }> {
  return slotsOf(config).map((slot) => ({ name: slot.spec.name, file: slot.spec.file, value: valueOf(slot) }));
}

/**
 * Writes the secrets into DATA_DIR's files (mode 600), replacing what is there: how a restore of a backup made
 * `--with-secrets` gives a new DATA_DIR the keys its database was made with. Each value is checked first.
 */
export function writeSecretFiles(config: LoadedConfig, dataDir: string, values: Record<string, string>): string[] {
  const specs = slotsOf(config).map(({ spec }) => spec);
  const problems = specs
    .filter((spec) => !spec.isValid(values[spec.name] ?? ''))
    .map((spec) => `${spec.name} in the backup is missing or malformed (${spec.requirement})`);
  if (problems.length > 0) throw new ConfigError(problems);
  mkdirSync(dataDir, { recursive: true });
  return specs.map((spec) => {
    const path = join(dataDir, spec.file);
    writeFileSync(path, values[spec.name], { mode: 0o600 });
    chmodSync(path, 0o600);
    return path;
  });
}
