import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommonConfig, SETTINGS_KEY_SHAPE } from '../common.config';
import { ConfigError } from './config-namespace';

/** A secret setting that is required with DATABASE_URL and generated once under DATA_DIR otherwise. */
interface GeneratedSecretSpec {
  name: 'CREDENTIALS_SECRET' | 'SESSION_SECRET' | 'PASSWORD_PEPPER' | 'SETTINGS_ENCRYPTION_KEY';
  file: string;
  requirement: string;
  generate: () => string;
  isValid: (value: string) => boolean;
}

/** A secret of at least 32 characters, generated as 48 random bytes in base64url. */
function textSecret(name: GeneratedSecretSpec['name'], file: string): GeneratedSecretSpec {
  return {
    name,
    file,
    requirement: 'at least 32 characters',
    generate: () => randomBytes(48).toString('base64url'),
    isValid: (value) => value.length >= 32,
  };
}

const CREDENTIALS_SECRET = textSecret('CREDENTIALS_SECRET', 'credentials-secret');
const SESSION_SECRET = textSecret('SESSION_SECRET', 'session-secret');
const PASSWORD_PEPPER = textSecret('PASSWORD_PEPPER', 'password-pepper');

const SETTINGS_ENCRYPTION_KEY: GeneratedSecretSpec = {
  name: 'SETTINGS_ENCRYPTION_KEY',
  file: 'settings-encryption-key',
  requirement: '32 bytes, base64 encoded',
  generate: () => randomBytes(32).toString('base64'),
  isValid: (value) => SETTINGS_KEY_SHAPE.test(value),
};

/** Every secret the service needs, in the order they are checked. */
const GENERATED_SECRETS = [CREDENTIALS_SECRET, SESSION_SECRET, PASSWORD_PEPPER, SETTINGS_ENCRYPTION_KEY];

export interface EnsuredSecret {
  generated: boolean;
  path?: string;
}

/** Reads (or creates, mode 600) the file that keeps a generated secret under DATA_DIR. */
function ensureSecretFile(config: CommonConfig, spec: GeneratedSecretSpec): EnsuredSecret {
  mkdirSync(config.DATA_DIR, { recursive: true });
  const path = join(config.DATA_DIR, spec.file);
  let generated = false;
  if (!existsSync(path)) {
    writeFileSync(path, spec.generate(), { mode: 0o600, flag: 'wx' });
    generated = true;
  }
  chmodSync(path, 0o600);
  const value = readFileSync(path, 'utf8').trim();
  if (!spec.isValid(value)) throw new ConfigError([`${path} must hold ${spec.name}: ${spec.requirement}`]);
  config[spec.name] = value;
  return { generated, path };
}

/**
 * Makes sure one generated secret is set. With a real DATABASE_URL it must come from the environment
 * (several instances must share it). With the embedded database it is generated once and kept under
 * DATA_DIR, so keys, sessions, passwords and encrypted settings made before a restart still work after it.
 */
function ensureSecret(config: CommonConfig, spec: GeneratedSecretSpec): EnsuredSecret {
  if (config[spec.name]) return { generated: false };
  if (!config.usesEmbeddedDatabase) {
    throw new ConfigError([`${spec.name} is required when DATABASE_URL is set (${spec.requirement})`]);
  }
  return ensureSecretFile(config, spec);
}

export function ensureCredentialsSecret(config: CommonConfig): EnsuredSecret {
  return ensureSecret(config, CREDENTIALS_SECRET);
}

/**
 * Makes sure CREDENTIALS_SECRET, SESSION_SECRET, PASSWORD_PEPPER and SETTINGS_ENCRYPTION_KEY are all set (see `ensureSecret`).
 * Throws one `ConfigError` listing every missing secret; returns the names and files of those generated now.
 */
export function ensureSecrets(config: CommonConfig): Array<{ name: string; path: string }> {
  const missing = GENERATED_SECRETS.filter((spec) => !config[spec.name]);
  if (missing.length > 0 && !config.usesEmbeddedDatabase) {
    throw new ConfigError(
      missing.map((spec) => `${spec.name} is required when DATABASE_URL is set (${spec.requirement})`),
    );
  }
  const generated: Array<{ name: string; path: string }> = [];
  for (const spec of missing) {
    const result = ensureSecretFile(config, spec);
    if (result.generated && result.path) generated.push({ name: spec.name, path: result.path });
  }
  return generated;
}

/** The four generated secrets: their setting names and their files under DATA_DIR (one list, used by the db commands). */
export const GENERATED_SECRET_FILES: ReadonlyArray<{ name: GeneratedSecretSpec['name']; file: string }> =
  GENERATED_SECRETS.map(({ name, file }) => ({ name, file }));

/**
 * Writes the four secrets into DATA_DIR's files (mode 600), replacing what is there: how a restore of a backup made
 * `--with-secrets` gives a new DATA_DIR the keys its database was made with. Each value is checked first.
 */
export function writeSecretFiles(dataDir: string, values: Record<string, string>): string[] {
  const problems = GENERATED_SECRETS.filter((spec) => !spec.isValid(values[spec.name] ?? '')).map(
    (spec) => `${spec.name} in the backup is missing or malformed (${spec.requirement})`,
  );
  if (problems.length > 0) throw new ConfigError(problems);
  mkdirSync(dataDir, { recursive: true });
  return GENERATED_SECRETS.map((spec) => {
    const path = join(dataDir, spec.file);
    writeFileSync(path, values[spec.name], { mode: 0o600 });
    chmodSync(path, 0o600);
    return path;
  });
}
