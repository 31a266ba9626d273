import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpConfig } from '@app/http';
import { databaseConfig } from '@app/database';
import { configProblems, ensureSecret } from '@app/common/testing';
import { credentialsConfig } from '@app/credentials';
import { shortLinksConfig } from '@app/shortlinks';
import { conversionConfig } from '@app/conversion';
import { loadApiConfig } from '../../apps/api/src/startup-config';

/** The settings of one namespace, read as the api reads them (every namespace validated together). */
const http = (env: Record<string, string>) => loadApiConfig(env).get(httpConfig);
const shortLinks = (env: Record<string, string>) => loadApiConfig(env).get(shortLinksConfig);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = http({});
    expect(config.PORT).toBe(3000);
    expect(loadApiConfig({}).get(conversionConfig).CONVERT_MAX_CONTENT_CHARS).toBe(50_000);
    expect(config.trustProxy).toBe(false);
    expect(loadApiConfig({}).get(databaseConfig).usesEmbeddedDatabase).toBe(true);
  });

  it('reads numbers, hop counts and subnet lists', () => {
    expect(http({ PORT: '8080' }).PORT).toBe(8080);
    // The default short links follow PORT (they are served by this process); a set value is kept.
    expect(shortLinks({}).SHORT_LINK_BASE_URL).toBe('http://localhost:3000/s');
    expect(shortLinks({ PORT: '5101' }).SHORT_LINK_BASE_URL).toBe('http://localhost:5101/s');
    expect(shortLinks({ PORT: '5101', SHORT_LINK_BASE_URL: 'https://sl.example' }).SHORT_LINK_BASE_URL).toBe(
      'https://sl.example',
    );
    expect(http({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(http({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });

  it('lists every bad value in one clear error', () => {
    const problems = configProblems(() =>
      loadApiConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        CREDENTIALS_SECRET: 'short',
        TRUST_PROXY: 'yes please',
      }),
    ).join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/CREDENTIALS_SECRET/);
    expect(problems).toMatch(/TRUST_PROXY/);
  });

  it('treats empty values as unset', () => {
    expect(loadApiConfig({ DATABASE_URL: '', REDIS_URL: '' }).get(databaseConfig).usesEmbeddedDatabase).toBe(true);
  });
});

describe('ensureSecret (CREDENTIALS_SECRET)', () => {
  /** The credentials secret of the api's settings read from `env`, ensured alone; and the settings that hold it. */
  const ensure = (env: Record<string, string>) => {
    const config = loadApiConfig(env);
    return {
      result: () => ensureSecret(config, config.get(databaseConfig), 'CREDENTIALS_SECRET'),
      credentials: config.get(credentialsConfig),
    };
  };

  it('requires the secret with a real database', () => {
    const { result } = ensure({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(result).toThrow(/CREDENTIALS_SECRET is required/);
  });

  it('generates a secret once in embedded mode, keeps it private, and reuses it after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-secret-'));
    const first = ensure({ DATA_DIR: dir });
    expect(first.result()).toMatchObject({ generated: true });
    const second = ensure({ DATA_DIR: dir });
    expect(second.result()).toMatchObject({ generated: false });
    expect(second.credentials.CREDENTIALS_SECRET).toBe(first.credentials.CREDENTIALS_SECRET);
    expect(first.credentials.CREDENTIALS_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'credentials-secret'), 'utf8')).toBe(first.credentials.CREDENTIALS_SECRET);
    expect(statSync(join(dir, 'credentials-secret')).mode & 0o777).toBe(0o600);
  });

  it('keeps a secret given in the environment', () => {
    const given = ensure({ CREDENTIALS_SECRET: 'x'.repeat(40) });
    expect(given.result()).toEqual({ generated: false });
    expect(given.credentials.CREDENTIALS_SECRET).toBe('x'.repeat(40));
  });
});
