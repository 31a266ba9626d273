import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type FirstMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Puts `middleware` in front of everything the server already does with a request (Express, Nest): it answers
 * the requests it knows and calls `next()` for the others, which then reach the app untouched. The last one
 * installed runs first.
 */
export function serveFirst(server: Server, middleware: FirstMiddleware): void {
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    middleware(req, res, () => {
      for (const listener of listeners) listener(req, res);
    }),
  );
}
