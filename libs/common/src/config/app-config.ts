import { Transform, plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MinLength, Min, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * Every setting the service reads, validated once at start-up (see `loadConfig`).
 * Inject `AppConfig` to read it typed; nothing else reads `process.env`.
 */
export class AppConfig {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  /** Folder for the embedded database and the generated secret when DATABASE_URL is unset. */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Key for the HMAC of API keys and tokens. Required with DATABASE_URL; generated under DATA_DIR otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CREDENTIALS_SECRET must be at least 32 characters' })
  CREDENTIALS_SECRET?: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SHORT_LINK_BASE_URL = 'http://localhost:3000/s';

  /**
   * Express `trust proxy`: `false` (default, the socket address is the client), a hop count (`1`),
   * or a comma-separated list of addresses/subnets (`10.0.0.0/8, 192.168.1.1`).
   */
  @Matches(/^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/, {
    message: 'TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses/subnets',
  })
  TRUST_PROXY = 'false';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  CONVERT_MAX_CONTENT_CHARS = 50_000;

  /** Largest accepted request body, in bytes, measured after decompression. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(16 * 1024 * 1024)
  BODY_LIMIT_BYTES = 512 * 1024;

  /** Deepest JSON nesting accepted in a request body (checked before validation). */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(256)
  JSON_MAX_DEPTH = 16;

  /** How long a verified API credential is trusted from the in-process cache, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  CREDENTIAL_CACHE_TTL_MS = 30_000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** The trust-proxy value in the form Express wants. */
  get trustProxy(): boolean | number | string[] {
    const raw = this.TRUST_PROXY.trim();
    if (raw === 'false') return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    return raw.split(',').map((part) => part.trim());
  }

  get usesEmbeddedDatabase(): boolean {
    return !this.DATABASE_URL;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates settings from an environment-like record; throws `ConfigError` listing every problem. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked: Record<string, string> = {};
  for (const key of [...known, 'DATABASE_URL', 'REDIS_URL', 'CREDENTIALS_SECRET']) {
    const value = env[key];
    if (value !== undefined) picked[key] = value;
  }
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { forbidUnknownValues: true });
  const problems = errors.flatMap((error) => Object.values(error.constraints ?? {}));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
