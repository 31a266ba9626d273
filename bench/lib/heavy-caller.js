// The fairness bench's heavy caller, in a process of its own (forked with an IPC channel): its client work (sending
// twenty large bodies, reading twenty 1 MB answers) must not delay the measuring process's timers and sockets, or
// the normal caller's latencies would count the client's own stalls. Plain JavaScript: started without ts-node.
'use strict';
const { performance } = require('node:perf_hooks');

process.once('message', ({ url, headers, body, concurrency }) => {
  let running = true;
  const startedAt = performance.now();
  const done = [];
  let failures = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        if (res.status === 200) done.push(performance.now() - started);
        else failures += 1;
      } catch {
        failures += 1;
      }
    }
  });
  process.once('message', async () => {
    running = false;
    await Promise.all(loops);
    done.sort((a, b) => a - b);
    process.send(
      {
        seconds: (performance.now() - startedAt) / 1000,
        calls: done.length,
        failures,
        medianMs: done[Math.floor(done.length / 2)] ?? NaN,
      },
      () => process.exit(0),
    );
  });
  process.send('started');
});
