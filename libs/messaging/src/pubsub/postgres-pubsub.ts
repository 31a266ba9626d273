import { OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { ConnectedPubSub } from './pubsub';

const RECONNECT_MAX_MS = 5000;
const CONNECT_TIMEOUT_MS = 3000;
/** PostgreSQL truncates identifiers (a NOTIFY channel is one) to 63 bytes. */
const MAX_CHANNEL_LENGTH = 63;

/**
 * The NOTIFY channel of a channel name: `linkconv_` and the name in lower case, each character other than a
 * letter, digit or `_` made `_`, at most 63 characters (`credentials:invalidate` → `linkconv_credentials_invalidate`).
 * Channels are per database, so no deployment prefix is needed. Two names that would share a NOTIFY channel cannot
 * both be subscribed in one process (`subscribe` throws).
 */
export function postgresChannelOf(channel: string): string {
  return `linkconv_${channel.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, MAX_CHANNEL_LENGTH);
}

/**
 * PostgreSQL LISTEN/NOTIFY, for instances that share a real PostgreSQL but no Redis. One listener connection of its
 * own (not from the pool: LISTEN belongs to a session), reopened with exponential backoff (100 ms doubling, at most
 * 5 s) whenever it is lost; live from the moment it has LISTENed to every channel until it is lost, and `onResync`
 * handlers run after every (re)connection. NOTIFY goes out on a second connection, opened on first use and kept
 * (reopened after a failure). The payload is the message itself (at most 8000 bytes, PostgreSQL's limit).
 */
export class PostgresPubSub extends ConnectedPubSub implements OnApplicationShutdown {
  readonly transport = 'postgres';
  private listener: Client | null = null;
  private reconnectAttempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private notifier: Promise<Client> | null = null;

  constructor(private readonly databaseUrl: string) {
    super();
  }

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) return;
    try {
      const client = await (this.notifier ??= this.openNotifier());
      await client.query('SELECT pg_notify($1, $2)', [postgresChannelOf(channel), message]);
    } catch (error) {
      this.dropNotifier();
      this.warn(`Postgres NOTIFY ${channel}`, error);
    }
  }

  protected listen(channel: string): void {
    const name = postgresChannelOf(channel);
    const taken = this.names.get(name);
    if (taken !== undefined) throw new Error(`Channels ${taken} and ${channel} would share NOTIFY channel ${name}`);
    this.names.set(name, channel);
    if (!this.started) return;
    if (!this.listener && !this.reconnectTimer) void this.connect();
    else if (this.listener && this.listening) {
      this.listener.query(`LISTEN ${name}`).catch((error) => this.warn('Postgres LISTEN', error));
    }
  }

  protected async connect(): Promise<void> {
    this.reconnectTimer = undefined;
    if (this.closed) return;
    const client = new Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    this.listener = client;
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      if (error) this.warn('Postgres LISTEN connection', error);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', ({ channel, payload }) => {
      const name = this.names.get(channel);
      if (name !== undefined && payload !== undefined) this.deliver(name, payload);
    });
    try {
      await client.connect();
      for (const name of this.names.keys()) await client.query(`LISTEN ${name}`);
      if (this.listener !== client) return;
      this.listening = true;
      this.reconnectAttempt = 0;
      this.resynced();
    } catch (error) {
      lost(error as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectAttempt += 1;
    const delay = Math.min(RECONNECT_MAX_MS, 100 * 2 ** Math.min(this.reconnectAttempt, 6));
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private async openNotifier(): Promise<Client> {
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', () => this.dropNotifier());
    await client.connect();
    return client;
  }

  private dropNotifier(): void {
    const notifier = this.notifier;
    this.notifier = null;
    notifier?.then((client) => client.end()).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    const notifier = this.notifier;
    this.notifier = null;
    await Promise.all([
      listener?.end().catch(() => undefined),
      notifier?.then((client) => client.end()).catch(() => undefined),
    ]);
  }
}
