import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root (this file is test/support/api-process.ts). */
export const ROOT = resolve(__dirname, '..', '..');

/** Node arguments that run a TypeScript file from the sources (scripts/ts-register.js: transpile only). */
export function tsNodeArgs(file: string): string[] {
  return ['-r', join(ROOT, 'scripts/ts-register.js'), '-r', 'tsconfig-paths/register', join(ROOT, file)];
}

/**
 * How a separate process runs a program of an app (`apps/<app>/src/<file>.ts`): with `API_ENTRY=dist` from the
 * build of `npm run build` (about 2 s to boot; the tests' process project sets it and builds first when the build
 * is stale: test/support/process-setup.js), else from the sources, transpiled on load (about 5 s). Other programs
 * (the bench's) always run from the sources.
 */
export function programArgs(file: string): string[] {
  const app = /^apps\/([\w-]+)\/src\/(.+)\.ts$/.exec(file);
  if (app && process.env.API_ENTRY === 'dist')
    return [join(ROOT, 'dist/apps', app[1], 'apps', app[1], 'src', `${app[2]}.js`)];
  return tsNodeArgs(file);
}

/** How a separate process runs an entry point of the api (see `programArgs`). */
export function nodeArgsFor(entry: 'main' | 'cli' | 'cluster', args: string[] = []): string[] {
  return [...programArgs(`apps/api/src/${entry}.ts`), ...args];
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((done) => setTimeout(done, ms));
}

/** Polls `check` until it is true or `timeoutMs` has passed; returns its last answer. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5000,
  everyMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

/** Secrets shared by every process of one test or bench run (instances of one service must share them). */
export const PROCESS_SECRETS = {
  CREDENTIALS_SECRET: 'process-credentials-secret-0123456789abcdef',
  SESSION_SECRET: 'process-session-secret-0123456789abcdef-xyz',
  PASSWORD_PEPPER: 'process-password-pepper-0123456789abcdef-xyz',
  SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
};

export interface ApiProcessOptions {
  /** Environment of the process (merged over a minimal base: PATH, HOME and the secrets above). */
  env?: Record<string, string | undefined>;
  /** `main` (one process, default) or `cluster` (node:cluster, WEB_CONCURRENCY workers). */
  entry?: 'main' | 'cluster';
  /** Another TypeScript program to run instead (path from the repository root, see `programArgs`), e.g. the redirector. */
  script?: string;
  /** Node flags and preloads before the program (e.g. the soak's `--expose-gc -r bench/lib/memory-probe.js`). */
  nodeArgs?: string[];
  /** Open an IPC channel to the process (for `message()`). */
  ipc?: boolean;
  /** Where stdout/stderr go; default a file in a temporary folder (read it with `logs()`). */
  logFile?: string;
  /** How long to wait for `GET /health` to answer 200. */
  readyTimeoutMs?: number;
}

/**
 * The api as a real separate process (what production runs), on a free port of 127.0.0.1. Logs go to a file,
 * never to a pipe the parent could fail to drain.
 */
export class ApiProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> | null = null;
  private log: WriteStream | null = null;
  readonly logFile: string;
  private readonly tempDir: string | null;

  private constructor(
    readonly port: number,
    private readonly options: ApiProcessOptions,
  ) {
    this.tempDir = options.logFile ? null : mkdtempSync(join(tmpdir(), 'linkconv-api-'));
    this.logFile = options.logFile ?? join(this.tempDir!, 'api.log');
  }

  static async start(options: ApiProcessOptions = {}): Promise<ApiProcess> {
    const api = new ApiProcess(Number(options.env?.PORT) || (await freePort()), options);
    await api.spawn();
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Everything the process wrote so far. */
  logs(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  /** Starts the process (again, after `stop`) and waits until `GET /health` answers 200. */
  async spawn(): Promise<void> {
    const env: Record<string, string> = {};
    const base = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...PROCESS_SECRETS,
      ...this.options.env,
      PORT: String(this.port),
    };
    for (const [name, value] of Object.entries(base)) if (value !== undefined) env[name] = value;
    this.log = createWriteStream(this.logFile, { flags: 'a' });
    await once(this.log, 'open');
    const args = this.options.script ? programArgs(this.options.script) : nodeArgsFor(this.options.entry ?? 'main');
    const child = spawn(process.execPath, [...(this.options.nodeArgs ?? []), ...args], {
      cwd: ROOT,
      env,
      stdio: this.options.ipc ? ['ignore', this.log, this.log, 'ipc'] : ['ignore', this.log, this.log],
    });
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', (code) => done(code)));
    const ready = await eventually(
      async () => {
        if (!this.running) return true;
        return (await this.healthStatus()) === 200;
      },
      this.options.readyTimeoutMs ?? 60_000,
      100,
    );
    if (!this.running || !ready) {
      await this.kill();
      throw new Error(`The api process did not become ready on port ${this.port}:\n${this.logs().slice(-3000)}`);
    }
  }

  /** Sends an IPC message and resolves with the first answer of the same `type` (needs `ipc: true`). */
  message<T>(message: { type: string; [field: string]: unknown }, timeoutMs = 10_000): Promise<T> {
    const child = this.child;
    if (!child?.send) return Promise.reject(new Error('No IPC channel to the process'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`No answer to ${message.type} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (answer: { type?: string }) => {
        if (answer?.type !== message.type) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(answer as T);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  }

  /** The status of `GET /health`, or 0 when nothing answers within 3 s. */
  async healthStatus(): Promise<number> {
    try {
      const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Sends a signal (default SIGTERM) and waits for the exit code (null when it ended by a signal). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<number | null> {
    if (!this.child || !this.exited) return null;
    if (this.running) this.child.kill(signal);
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
      this.child = null;
      this.log?.end();
    }
  }

  /** SIGKILL, no questions asked. */
  kill(): Promise<number | null> {
    return this.stop('SIGKILL');
  }

  /** Stops the process and removes its temporary folder. */
  async dispose(): Promise<void> {
    await this.kill();
    if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true });
  }
}

export interface FinishedProcess {
  /** The exit code (null when it was killed by a signal, e.g. at `timeoutMs`). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** How long it ran, in milliseconds. */
  ms: number;
}

/**
 * Runs an entry point of the api (`main`, `cli` or `cluster`) as a process until it ends, SIGKILLed after `timeoutMs`;
 * the environment is a minimal base (PATH, HOME, LOG_LEVEL=warn and the secrets above) with `env` over it
 * (`undefined` removes a variable).
 */
export async function runToExit(
  entry: 'main' | 'cli' | 'cluster',
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  input?: string,
): Promise<FinishedProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, nodeArgsFor(entry, args), {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...PROCESS_SECRETS, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    // `close`, not `exit`: the output pipes are drained by then.
    const [code] = (await once(child, 'close')) as [number | null];
    return { code, stdout, stderr, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the CLI (`apps/api/src/cli.ts`) as a process, `input` on its stdin (a password for `--password-stdin`),
 * and returns its JSON output: stdout holds that JSON and nothing else.
 */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<Record<string, string>> {
  const { code, stdout: out, stderr: err } = await runToExit('cli', args, env, 120_000, input);
  if (code !== 0) throw new Error(`cli ${args[0]} failed (exit ${code}): ${err.slice(-2000)}${out.slice(-1000)}`);
  return JSON.parse(out) as Record<string, string>;
}
