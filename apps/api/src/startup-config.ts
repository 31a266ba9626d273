import { AppConfig, ConfigError, ensureSecrets, loadConfig } from '@app/common';
import { shortBaseUrlProblem } from '@app/shortlinks';

/** Validated config with its secrets in place (generated in embedded mode), or a clear message and exit code 1. */
export function startupConfig(): { config: AppConfig; notes: string[] } {
  try {
    const config = loadConfig(process.env);
    const baseProblem = shortBaseUrlProblem(config.SHORT_LINK_BASE_URL);
    if (baseProblem) throw new ConfigError([baseProblem]);
    const generated = ensureSecrets(config);
    const notes: string[] = [];
    if (config.usesEmbeddedDatabase) {
      notes.push(`No DATABASE_URL: using the embedded PGlite database under ${config.DATA_DIR}`);
    }
    for (const { name, path } of generated) notes.push(`Generated ${name} and stored it in ${path}`);
    return { config, notes };
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
