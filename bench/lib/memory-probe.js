/**
 * Preloaded into the api process by the soak (`node --expose-gc -r bench/lib/memory-probe.js …`): on an IPC
 * message `{ type: 'memory' }` it runs a full garbage collection and answers `process.memoryUsage()`, so the
 * soak reads the live heap, not the garbage waiting to be collected. Not part of the service.
 */
'use strict';
process.on('message', (message) => {
  if (!message || message.type !== 'memory' || typeof process.send !== 'function') return;
  if (typeof global.gc === 'function') global.gc();
  process.send({ type: 'memory', usage: process.memoryUsage() });
});
// The IPC channel must not keep a process alive that is shutting down.
if (process.channel) process.channel.unref();
