import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiProcess, eventually, runToExit } from '../support/api-process';
import { describeIf } from '../support/skip';
import { STACK_FRAME } from '../support/test-app';

const DATABASE_URL = process.env.DATABASE_URL;
const WORKERS = 2;
/** The primary's first restart delay after a worker dies (cluster.ts: RESTART_BASE_MS). */
const FIRST_RESTART_MS = 1000;
/** How long a worker may take to boot here (from the sources, transpiled on load, on a busy machine). */
const BOOT_MS = 60_000;

/** The live child processes of `pid` (Linux: /proc/<pid>/task/<tid>/children). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    }
  } catch {
    // The process is gone.
  }
  return children.filter(alive);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm run start:cluster`'s entry point (apps/api/src/cluster.ts; `API_ENTRY=dist` runs the build of
 * `npm run build`, by default the sources) as a real process on 127.0.0.1: the primary forks WEB_CONCURRENCY
 * workers, restarts one that dies, and on SIGTERM stops them all gracefully and exits 0.
 */
describeIf(Boolean(DATABASE_URL), 'needs DATABASE_URL (cluster mode refuses the embedded database)')(
  'cluster mode (npm run start:cluster)',
  () => {
    let cluster: ApiProcess | undefined;

    afterAll(async () => {
      await cluster?.dispose();
    });

    it(
      'runs WEB_CONCURRENCY workers and starts another when one is killed',
      async () => {
        cluster = await ApiProcess.start({
          entry: 'cluster',
          env: { DATABASE_URL, WEB_CONCURRENCY: String(WORKERS) },
          readyTimeoutMs: BOOT_MS * 2,
        });
        const primary = cluster.pid!;
        expect(await eventually(() => childrenOf(primary).length === WORKERS, BOOT_MS, 100)).toBe(true);
        const [victim, survivor] = childrenOf(primary);

        process.kill(victim, 'SIGKILL');
        expect(await eventually(() => !alive(victim), 10_000, 50)).toBe(true);
        // Another worker in its place (after the first restart delay), the survivor untouched, the primary up.
        expect(
          await eventually(
            () => {
              const now = childrenOf(primary);
              return now.length === WORKERS && !now.includes(victim);
            },
            FIRST_RESTART_MS + BOOT_MS,
            100,
          ),
        ).toBe(true);
        expect(childrenOf(primary)).toContain(survivor);
        expect(cluster.running).toBe(true);
        expect(cluster.logs()).toContain(
          `Worker ${victim} exited (SIGKILL); starting another in ${FIRST_RESTART_MS} ms`,
        );
        expect(await cluster.healthStatus()).toBe(200);
      },
      4 * BOOT_MS,
    );

    it(
      'on SIGTERM stops every worker gracefully and exits 0',
      async () => {
        const primary = cluster!.pid!;
        const workers = childrenOf(primary);
        expect(workers).toHaveLength(WORKERS);
        expect(await cluster!.stop('SIGTERM', BOOT_MS)).toBe(0);
        expect(workers.filter(alive)).toEqual([]);
        const logs = cluster!.logs();
        expect(logs).toContain(`SIGTERM: stopping ${WORKERS} workers gracefully`);
        expect(logs).toContain('Every worker has stopped');
        expect(logs).not.toMatch(STACK_FRAME);
      },
      2 * BOOT_MS,
    );
  },
);

describe('cluster mode without DATABASE_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-cluster-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'refuses to start: exits 1 and says why, no worker forked',
    async () => {
      const run = await runToExit(
        'cluster',
        [],
        { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, WEB_CONCURRENCY: String(WORKERS) },
        BOOT_MS,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Cluster mode needs DATABASE_URL');
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.stdout).not.toContain('Starting');
    },
    2 * BOOT_MS,
  );
});
