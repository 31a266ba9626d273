import { join } from 'node:path';
import { type ApiProcess, ROOT } from '../../test/support/api-process';

/** Node flags that preload bench/lib/memory-probe.js (with `--expose-gc`); the process needs `ipc: true`. */
export const MEMORY_PROBE_ARGS = ['--expose-gc', '-r', join(ROOT, 'bench/lib/memory-probe.js')];

/**
 * A probed process's memory after a full garbage collection; with `settleMs`, after resting that long first and
 * collecting again (see bench/lib/memory-probe.js).
 */
export async function probedMemory(service: ApiProcess, settleMs = 0): Promise<NodeJS.MemoryUsage> {
  const answer = await service.message<{ usage: NodeJS.MemoryUsage }>({ type: 'memory', settleMs }, settleMs + 10_000);
  return answer.usage;
}
