import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'serve.sh');

/** scripts/serve.sh, behind `npm start` and the other start scripts, run against a stand-in build. */
describe('scripts/serve.sh', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'serve-sh-'));
    const src = join(dir, 'dist/apps/x/apps/x/src');
    mkdirSync(src, { recursive: true });
    // Prints what the service would see: its malloc arena cap, and whether it replaced the shell (same pid).
    writeFileSync(
      join(src, 'main.js'),
      `process.stdout.write(JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX, pid: process.pid }));`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (env: Record<string, string | undefined>) => {
    const result = spawnSync('sh', [SCRIPT, 'x', 'main', '--built'], { cwd: dir, env: { ...process.env, ...env } });
    expect(result.status).toBe(0);
    return JSON.parse(result.stdout.toString()) as { arenas?: string; pid: number };
  };

  it('caps glibc malloc arenas at 2 unless told otherwise', () => {
    expect(run({ MALLOC_ARENA_MAX: undefined }).arenas).toBe('2');
    expect(run({ MALLOC_ARENA_MAX: '4' }).arenas).toBe('4');
  });

  it('replaces the shell with node, so a signal sent to the started process reaches the service', () => {
    const shell = spawnSync('sh', ['-c', `echo $$; exec sh ${SCRIPT} x main --built`], {
      cwd: dir,
      env: { ...process.env, MALLOC_ARENA_MAX: undefined },
    });
    const [shellPid, json] = shell.stdout.toString().split('\n');
    expect((JSON.parse(json) as { pid: number }).pid).toBe(Number(shellPid));
  });
});
