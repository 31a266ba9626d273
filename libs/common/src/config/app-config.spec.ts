import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';
import { ensureCredentialsSecret } from './secret-file';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.CONVERT_MAX_CONTENT_CHARS).toBe(50_000);
    expect(config.trustProxy).toBe(false);
    expect(config.usesEmbeddedDatabase).toBe(true);
  });

  it('reads numbers, hop counts and subnet lists', () => {
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
    // The default short links follow PORT (they are served by this process); a set value is kept.
    expect(loadConfig({}).SHORT_LINK_BASE_URL).toBe('http://localhost:3000/s');
    expect(loadConfig({ PORT: '5101' }).SHORT_LINK_BASE_URL).toBe('http://localhost:5101/s');
    expect(loadConfig({ PORT: '5101', SHORT_LINK_BASE_URL: 'https://sl.example' }).SHORT_LINK_BASE_URL).toBe(
      'https://sl.example',
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });

  it('lists every bad value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CREDENTIALS_SECRET: 'short', TRUST_PROXY: 'yes please' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/CREDENTIALS_SECRET/);
    expect(problems).toMatch(/TRUST_PROXY/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).usesEmbeddedDatabase).toBe(true);
  });
});

describe('ensureCredentialsSecret', () => {
  it('requires the secret with a real database', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(() => ensureCredentialsSecret(config)).toThrow(/CREDENTIALS_SECRET is required/);
  });

  it('generates a secret once in embedded mode, keeps it private, and reuses it after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-secret-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(ensureCredentialsSecret(first)).toMatchObject({ generated: true });
    const second = loadConfig({ DATA_DIR: dir });
    expect(ensureCredentialsSecret(second)).toMatchObject({ generated: false });
    expect(second.CREDENTIALS_SECRET).toBe(first.CREDENTIALS_SECRET);
    expect(first.CREDENTIALS_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'credentials-secret'), 'utf8')).toBe(first.CREDENTIALS_SECRET);
    expect(statSync(join(dir, 'credentials-secret')).mode & 0o777).toBe(0o600);
  });

  it('keeps a secret given in the environment', () => {
    const config = loadConfig({ CREDENTIALS_SECRET: 'x'.repeat(40) });
    expect(ensureCredentialsSecret(config)).toEqual({ generated: false });
    expect(config.CREDENTIALS_SECRET).toBe('x'.repeat(40));
  });
});
