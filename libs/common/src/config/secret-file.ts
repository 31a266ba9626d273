import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, ConfigError } from './app-config';

const SECRET_FILE = 'credentials-secret';

/**
 * Makes sure CREDENTIALS_SECRET is set. With a real DATABASE_URL it must come from the environment
 * (several instances must share it). With the embedded database a secret is generated once and kept
 * under DATA_DIR, so keys issued before a restart still verify after it.
 */
export function ensureCredentialsSecret(config: AppConfig): { generated: boolean; path?: string } {
  if (config.CREDENTIALS_SECRET) return { generated: false };
  if (!config.usesEmbeddedDatabase) {
    throw new ConfigError(['CREDENTIALS_SECRET is required when DATABASE_URL is set (at least 32 characters)']);
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const path = join(config.DATA_DIR, SECRET_FILE);
  let generated = false;
  if (!existsSync(path)) {
    writeFileSync(path, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    generated = true;
  }
  chmodSync(path, 0o600);
  config.CREDENTIALS_SECRET = readFileSync(path, 'utf8').trim();
  return { generated, path };
}
