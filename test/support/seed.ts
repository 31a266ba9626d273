import { CredentialHasher, keyPreview } from '@app/credentials/testing';
import { PasswordHasher } from '@app/members';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { PROCESS_SECRETS } from './api-process';

export interface SeededPair {
  apiKey: string;
  apiToken: string;
}

export interface SeededMember extends SeededPair {
  memberId: string;
  email: string;
  password: string;
}

function base62(length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  while (out.length < length)
    for (const byte of randomBytes(length)) if (byte < 248 && out.length < length) out += alphabet[byte % 62];
  return out;
}

/**
 * Members and pairs written straight into a PostgreSQL database, hashed with the secret the api processes of
 * the tests share (PROCESS_SECRETS): for tests that run the api as separate processes.
 */
export class Seeder {
  private readonly hasher = new CredentialHasher(PROCESS_SECRETS.CREDENTIALS_SECRET);

  constructor(private readonly databaseUrl: string) {}

  private async withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async member(options: { plan?: 'free' | 'pro' } = {}): Promise<SeededMember> {
    const email = `proc-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct horse battery';
    const hash = await new PasswordHasher(PROCESS_SECRETS.PASSWORD_PEPPER, 4).hash(password);
    const memberId = await this.withClient(async (client) => {
      const rows = await client.query<{ id: string }>(
        'INSERT INTO members (email, password_hash, plan) VALUES ($1, $2, $3) RETURNING id',
        [email, hash, options.plan ?? 'free'],
      );
      return rows.rows[0].id;
    });
    return { memberId, email, password, ...(await this.pair(memberId)) };
  }

  /** One more working pair for the member. */
  async pair(memberId: string): Promise<SeededPair> {
    const apiKey = `sk_${base62(32)}`;
    const apiToken = `tok_${base62(40)}`;
    await this.withClient((client) =>
      client.query('INSERT INTO credentials (member_id, key_hash, token_hash, key_preview) VALUES ($1, $2, $3, $4)', [
        memberId,
        this.hasher.hash(apiKey),
        this.hasher.hash(apiToken),
        keyPreview(apiKey),
      ]),
    );
    return { apiKey, apiToken };
  }

  query<T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.withClient(async (client) => (await client.query<T>(sql, params)).rows);
  }
}
