import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authConfig } from '@app/auth';
import { ensureSecrets, type LoadedConfig } from '@app/common';
import { databaseConfig } from '@app/database';
import { membersConfig } from '@app/members';
import { loadApiConfig } from '../../apps/api/src/startup-config';
import { configProblems } from '@app/common/testing';

/** The settings of one namespace, read as the api reads them (every namespace validated together). */
const auth = (env: Record<string, string>) => loadApiConfig(env).get(authConfig);

describe('account area settings', () => {
  it('has safe defaults', () => {
    const config = auth({});
    expect(config.cookieSecure).toBe('auto');
    expect(config.REGISTRATION_OPEN).toBe(true);
    expect(config.SESSION_IDLE_TIMEOUT_MINUTES).toBe(60);
    expect(config.SESSION_ABSOLUTE_TIMEOUT_HOURS).toBe(12);
    expect(config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP).toBe(5);
    expect(config.LOGIN_MAX_FAILURES_PER_IP).toBe(20);
    expect(config.LOGIN_FAILURE_WINDOW_MINUTES).toBe(15);
    expect(config.LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(50);
    expect(config.LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES).toBe(15);
    expect(config.LOGIN_KNOWN_IP_DAYS).toBe(30);
  });

  it('reads booleans and the cookie flag', () => {
    expect(auth({ REGISTRATION_OPEN: 'false' }).REGISTRATION_OPEN).toBe(false);
    expect(auth({ REGISTRATION_OPEN: '1' }).REGISTRATION_OPEN).toBe(true);
    expect(auth({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(auth({ COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('lists every bad account setting', () => {
    const problems = configProblems(() =>
      loadApiConfig({
        REGISTRATION_OPEN: 'maybe',
        COOKIE_SECURE: 'sometimes',
        SESSION_SECRET: 'short',
        PASSWORD_PEPPER: 'short',
        SETTINGS_ENCRYPTION_KEY: 'not-32-bytes',
        SESSION_IDLE_TIMEOUT_MINUTES: '0',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: 'many',
        LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES: '0',
        LOGIN_KNOWN_IP_DAYS: '366',
      }),
    ).join('\n');
    for (const name of [
      'REGISTRATION_OPEN',
      'COOKIE_SECURE',
      'SESSION_SECRET',
      'PASSWORD_PEPPER',
      'SETTINGS_ENCRYPTION_KEY',
      'SESSION_IDLE_TIMEOUT_MINUTES',
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      'LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES',
      'LOGIN_KNOWN_IP_DAYS',
    ]) {
      expect(problems).toContain(name);
    }
  });
});

describe('ensureSecrets', () => {
  /** Every secret of the api's settings ensured, in the store the database settings name. */
  const ensure = (config: LoadedConfig) => ensureSecrets(config, config.get(databaseConfig));

  it('requires every secret with a real database, naming each missing one', () => {
    const config = loadApiConfig({ DATABASE_URL: 'postgres://u@localhost/db', CREDENTIALS_SECRET: 'c'.repeat(32) });
    expect(configProblems(() => ensure(config))).toEqual([
      expect.stringMatching(/^SESSION_SECRET is required/),
      expect.stringMatching(/^PASSWORD_PEPPER is required/),
      expect.stringMatching(/^SETTINGS_ENCRYPTION_KEY is required/),
    ]);
  });

  it('generates the session secret and the settings key once in embedded mode, private, reused after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-secrets-'));
    const first = loadApiConfig({ DATA_DIR: dir });
    expect(ensure(first).map((generated) => generated.name)).toEqual([
      'SESSION_SECRET',
      'CREDENTIALS_SECRET',
      'PASSWORD_PEPPER',
      'SETTINGS_ENCRYPTION_KEY',
    ]);
    expect(Buffer.from(first.get(membersConfig).SETTINGS_ENCRYPTION_KEY!, 'base64')).toHaveLength(32);
    expect(first.get(authConfig).SESSION_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'password-pepper')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'settings-encryption-key')).mode & 0o777).toBe(0o600);

    const second = loadApiConfig({ DATA_DIR: dir });
    expect(ensure(second)).toEqual([]);
    expect(second.get(authConfig).SESSION_SECRET).toBe(first.get(authConfig).SESSION_SECRET);
    expect(second.get(membersConfig).PASSWORD_PEPPER).toBe(first.get(membersConfig).PASSWORD_PEPPER);
    expect(second.get(membersConfig).SETTINGS_ENCRYPTION_KEY).toBe(
      readFileSync(join(dir, 'settings-encryption-key'), 'utf8'),
    );
  });

  it('keeps secrets given in the environment', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const config = loadApiConfig({
      DATABASE_URL: 'postgres://u@localhost/db',
      CREDENTIALS_SECRET: 'c'.repeat(32),
      SESSION_SECRET: 's'.repeat(32),
      PASSWORD_PEPPER: 'p'.repeat(32),
      SETTINGS_ENCRYPTION_KEY: key,
    });
    expect(ensure(config)).toEqual([]);
    expect(config.get(membersConfig).SETTINGS_ENCRYPTION_KEY).toBe(key);
  });
});
