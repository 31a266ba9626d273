import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataSourceOptions } from '@app/database';
import Redis from 'ioredis';
import { Client } from 'pg';
import { eventually, freePort } from './api-process';

/** The newest PostgreSQL server binaries installed (`/usr/lib/postgresql/<version>/bin`), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')) && existsSync(join(root, name, 'bin', 'postgres')))
    .sort((x, y) => Number(y) - Number(x));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

/**
 * The app's connect time-out to PostgreSQL (its pool's `connectionTimeoutMillis`): the longest a query waits on
 * a server that does not answer. Bounds on how long an answer may take while a server is down derive from it.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = (() => {
  const options = dataSourceOptions({ url: 'postgres://127.0.0.1/any', embeddedDir: '' }, []) as {
    extra?: { connectionTimeoutMillis?: number };
  };
  const ms = options.extra?.connectionTimeoutMillis;
  if (typeof ms !== 'number') throw new Error('The data source options no longer set connectionTimeoutMillis');
  return ms;
})();

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user (setpriv execs, no extra process). */
function asServerUser(
  command: string,
  args: string[],
): { command: string; args: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { command, args };
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return {
    command: 'setpriv',
    args: ['--reuid', String(uid), '--regid', String(gid), '--clear-groups', '--', command, ...args],
    uid,
    gid,
  };
}

/** Sends `signal` to `child` if it still runs and waits for it to exit (killed after `killAfterMs`, when given). */
async function stopProcess(child: ChildProcess | null, signal: NodeJS.Signals, killAfterMs?: number): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** A server process of the test's own on a free port of 127.0.0.1 (the port kept across restarts). */
abstract class ThrowawayServer {
  protected child: ChildProcess | null = null;
  protected assignedPort = 0;

  /** A server, started. */
  static async create<S extends ThrowawayServer>(this: new () => S): Promise<S> {
    const server = new this();
    await server.start();
    return server;
  }

  /** A server of a describe block, started in its `beforeAll`: dispose of it once what uses it is closed. */
  static forSuite<S extends ThrowawayServer>(this: new () => S, timeout?: number): S {
    const server = new this();
    beforeAll(() => server.start(), timeout);
    return server;
  }

  get port(): number {
    return this.assignedPort;
  }

  abstract start(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own: initdb into a temporary folder, started on a free port of 127.0.0.1,
 * stopped and restarted by the test (never the machine's server on 5432). Data survives `crash()` + `start()`.
 */
export class ThrowawayPostgres extends ThrowawayServer {
  private made: { bin: string; dir: string } | null = null;

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** initdb into a temporary folder, on the first start. */
  private async make(): Promise<{ bin: string; dir: string }> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-pg-'));
    this.assignedPort = await freePort();
    const init = asServerUser(join(bin, 'initdb'), [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    if (init.uid !== undefined) chownSync(dir, init.uid, init.gid!);
    execFileSync(init.command, init.args, { stdio: 'ignore' });
    return { bin, dir };
  }

  async start(): Promise<void> {
    this.made ??= await this.make();
    const { bin, dir } = this.made;
    const run = asServerUser(join(bin, 'postgres'), [
      '-D',
      join(dir, 'data'),
      '-p',
      String(this.port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=100',
    ]);
    this.child = spawn(run.command, run.args, { stdio: 'ignore' });
    const ready = await eventually(
      async () => {
        const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.query('SELECT 1');
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      30_000,
      100,
    );
    if (!ready) throw new Error(`PostgreSQL did not start on port ${this.port}`);
  }

  /** Stops the server at once (SIGQUIT: immediate shutdown, like a crash; the next start recovers). */
  async crash(): Promise<void> {
    await stopProcess(this.child, 'SIGQUIT');
    this.child = null;
  }

  async dispose(): Promise<void> {
    await stopProcess(this.child, 'SIGINT', 10_000);
    this.child = null;
    if (this.made) rmSync(this.made.dir, { recursive: true, force: true });
  }
}

/** A redis-server of the test's own on a free port (never the machine's Redis on 6379). */
export class ThrowawayRedis extends ThrowawayServer {
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.assignedPort ||= await freePort();
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const ready = await eventually(
      async () => {
        const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      },
      10_000,
      100,
    );
    if (!ready) throw new Error(`redis-server did not start on port ${this.port}`);
  }

  keys(pattern = '*'): Promise<string[]> {
    return this.withClient((client) => client.keys(pattern));
  }

  get(key: string): Promise<string | null> {
    return this.withClient((client) => client.get(key));
  }

  /** `work` on a connection of its own to this server, closed afterwards. */
  private async withClient<T>(work: (client: Redis) => Promise<T>): Promise<T> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    try {
      return await work(client);
    } finally {
      client.disconnect();
    }
  }

  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered, as a hung Redis. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Thaws the server after `pause()` (SIGCONT). */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async kill(): Promise<void> {
    await stopProcess(this.child, 'SIGKILL');
    this.child = null;
  }

  dispose(): Promise<void> {
    return this.kill();
  }
}
