import { AppConfig, ConfigError, ensureCredentialsSecret, loadConfig } from '@app/common';

/** Validated config with the credentials secret in place, or a clear message and exit code 1. */
export function startupConfig(): { config: AppConfig; notes: string[] } {
  try {
    const config = loadConfig(process.env);
    const secret = ensureCredentialsSecret(config);
    const notes: string[] = [];
    if (config.usesEmbeddedDatabase) {
      notes.push(`No DATABASE_URL: using the embedded PGlite database under ${config.DATA_DIR}`);
    }
    if (secret.generated) notes.push(`Generated CREDENTIALS_SECRET and stored it in ${secret.path}`);
    return { config, notes };
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
