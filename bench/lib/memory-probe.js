/**
 * Preloaded into a service process by the benchmarks (`node --expose-gc -r bench/lib/memory-probe.js …`): on an
 * IPC message `{ type: 'memory' }` it runs a full garbage collection and answers `process.memoryUsage()`, so the
 * soak reads the live heap, not the garbage waiting to be collected. With `settleMs` it first lets the process
 * rest that long and collects again: V8 gives the pages a burst of load made it commit back to the system only
 * after a while at rest, so that reading is what the process keeps (its resident memory at rest). Not part of
 * the service.
 */
'use strict';
const collect = () => typeof global.gc === 'function' && global.gc();
process.on('message', (message) => {
  if (!message || message.type !== 'memory' || typeof process.send !== 'function') return;
  collect();
  const answer = () => process.send({ type: 'memory', usage: process.memoryUsage() });
  if (!(message.settleMs > 0)) return answer();
  setTimeout(() => {
    collect();
    answer();
  }, message.settleMs);
});
// The IPC channel must not keep a process alive that is shutting down.
if (process.channel) process.channel.unref();
