import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { testAppForSuite } from '../support/test-app';
import { eventually } from '../support/api-process';

/** Open file descriptors of this process (the app runs in it). */
function openFds(): number {
  return readdirSync('/proc/self/fd').length;
}

/**
 * One connection that pipelines `count` GETs of `path`, reads about `readBytes` of the answers and closes
 * (the client of reproduction 1 of issue 22). Resolves when the socket is gone.
 */
function pipelineAndAbort(port: number, path: string, count: number, readBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(count));
    });
    let read = 0;
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read >= readBytes) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

/**
 * Reproduction 1 of issue 22: connections that pipeline static-file requests and close early must not
 * leave a file descriptor (or anything else) behind per queued request, and the app answers meanwhile.
 */
describe('static files under pipelined early-closing clients', () => {
  const t = testAppForSuite();
  let port: number;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });

  it.each(['/assets/islands.js', '/assets/vendor/chart.umd.min.js', '/docs/swagger-ui-bundle.js', '/signup'])(
    '%s: the open-fd count returns to its baseline, and /health answers during the burst',
    async (path) => {
      const baseline = openFds();
      const connections = 150;
      const burst = Array.from({ length: connections }, () => pipelineAndAbort(port, path, 20, 1024));
      const health = await fetch(`http://127.0.0.1:${port}/health/live`);
      expect(health.status).toBe(200);
      await Promise.all(burst);
      // Each client socket is closed; what is left open is the server's.
      await eventually(() => openFds() <= baseline + 5, 5000);
      expect(openFds()).toBeLessThanOrEqual(baseline + 5);
      const after = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(after.status).toBe(200);
    },
  );

  it('serves the files with a strong ETag (304 on If-None-Match), and only the Swagger UI files its page loads', async () => {
    for (const path of ['/assets/islands.js', '/docs/swagger-ui.css']) {
      const first = await t.send(t.http.get(path).set('Accept', 'text/html'));
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(Number(first.headers['content-length'])).toBeGreaterThan(0);
      const again = await t.send(t.http.get(path).set({ Accept: 'text/html', 'If-None-Match': first.headers.etag }));
      expect(again.status).toBe(304);
      const head = await t.send(t.http.head(path).set('Accept', 'text/html'));
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
    }
    const docs = await t.send(t.http.get('/docs'));
    expect(docs.status).toBe(200);
    for (const src of docs.text.match(/(?<=(?:href|src)=["'])[^"']+/g) ?? []) {
      expect((await t.send(t.http.get(new URL(src, 'http://x/docs').pathname))).status).toBe(200);
    }
    // The rest of the swagger-ui-dist package (several MB of bundles and source maps) is not served.
    expect((await t.send(t.http.get('/docs/swagger-ui.js.map'))).status).toBe(404);
    expect((await t.send(t.http.get('/assets/.hidden'))).status).toBe(404);
  });
});
