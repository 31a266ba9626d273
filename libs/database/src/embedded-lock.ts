import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds the embedded database in `dir` (the running service), or `null`. */
export function embeddedLockHolder(dir: string): number | null {
  let holder: number;
  try {
    holder = Number(readFileSync(join(dir, 'embedded.lock'), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(holder) && holder !== process.pid && isAlive(holder) ? holder : null;
}

/**
 * The embedded database is single-process: two processes opening the same folder would corrupt it.
 * Takes `<dir>/embedded.lock` for this process (a stale lock of a dead process is taken over) and
 * returns the function that releases it. Throws with a clear message when another process holds it.
 */
export function acquireEmbeddedLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'embedded.lock');
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder}. ` +
          'Stop it first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
      );
    }
    writeFileSync(path, String(process.pid));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(path, { force: true });
  };
}
