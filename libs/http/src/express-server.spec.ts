import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { expressServerClasses } from './express-server';

/** An Express app on a server made with `expressServerClasses`: what every request sees. */
describe('expressServerClasses', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ request: boolean; response: boolean }> = [];

  beforeAll(async () => {
    const app = express();
    const sub = express();
    sub.get('/inner', (req, res) =>
      res.json({ host: req.get('host'), inSub: Object.getPrototypeOf(req) === sub.request }),
    );
    app.use('/sub', sub);
    app.get('/seen', (req, res) => {
      seen.push({
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
      });
      res.status(201).json({ ip: req.ip, path: req.path });
    });
    server = createServer(expressServerClasses(app), app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("makes each request and response on the app's own prototypes, so Express moves none of them", async () => {
    const answer = await fetch(`${base}/seen?x=1`);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ip: '127.0.0.1', path: '/seen' });
    expect(seen).toEqual([{ request: true, response: true }]);
  });

  it('leaves a mounted app its own prototypes, as Express does', async () => {
    const answer = await fetch(`${base}/sub/inner`);
    expect(await answer.json()).toEqual({ host: new URL(base).host, inSub: true });
  });
});
