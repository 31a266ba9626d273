import { abuseConfig } from '@app/abuse';
import { analyticsConfig } from '@app/analytics';
import { auditConfig } from '@app/audit';
import { authConfig } from '@app/auth';
import { commonConfig, ConfigError, type ConfigNamespace, ensureSecrets, LoadedConfig, loadConfig } from '@app/common';
import { conversionConfig } from '@app/conversion';
import { databaseConfig } from '@app/database';
import { credentialsConfig } from '@app/credentials';
import { httpConfig } from '@app/http';
import { membersConfig } from '@app/members';
import { messagingConfig } from '@app/messaging';
import { metricsConfig } from '@app/metrics';
import { outboundConfig } from '@app/outbound';
import { productsConfig } from '@app/products';
import { shortBaseUrlProblem, shortLinksConfig } from '@app/shortlinks';
import { reserveAppPaths } from './api-paths';
import { usageConfig } from '@app/usage';
import { webhooksConfig } from '@app/webhooks';

/** The settings of every lib the api process runs, each validated by its own class. */
export const API_CONFIG: ConfigNamespace[] = [
  commonConfig,
  databaseConfig,
  messagingConfig,
  httpConfig,
  authConfig,
  credentialsConfig,
  membersConfig,
  usageConfig,
  conversionConfig,
  outboundConfig,
  productsConfig,
  abuseConfig,
  shortLinksConfig,
  metricsConfig,
  analyticsConfig,
  webhooksConfig,
  auditConfig,
];

/** Reads and validates every namespace of the api; one `ConfigError` lists every bad value. */
export function loadApiConfig(env: Record<string, string | undefined>): LoadedConfig {
  return loadConfig(env, API_CONFIG);
}

/** Validated config with its secrets in place (generated in embedded mode), or a clear message and exit code 1. */
export function startupConfig(): { config: LoadedConfig; notes: string[] } {
  try {
    const config = loadApiConfig(process.env);
    reserveAppPaths(config);
    const baseProblem = shortBaseUrlProblem(config.get(shortLinksConfig).SHORT_LINK_BASE_URL);
    if (baseProblem) throw new ConfigError([baseProblem]);
    const database = config.get(databaseConfig);
    const generated = ensureSecrets(config, database);
    const notes: string[] = [];
    if (database.usesEmbeddedDatabase) {
      notes.push(`No DATABASE_URL: using the embedded PGlite database under ${database.DATA_DIR}`);
    }
    for (const { name, path } of generated) notes.push(`Generated ${name} and stored it in ${path}`);
    return { config, notes };
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
