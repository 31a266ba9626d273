import type { Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** The types of the files we serve, as `express.static` gave them (another kind is a start-up error, not a guess). */
const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * One static file held in memory: read once at start, with its strong ETag. The pages, their assets, the
 * charting library and the Swagger UI files are a small fixed set (about 2 MB), so they are served from memory
 * instead of through `express.static` / `res.sendFile` (`send`), which opens the file for every request.
 *
 * Why (issue 22, reproduction 1): a pipelined request waits in Node's queue until the answers before it are
 * sent, and Node never gives a socket to a queued answer whose connection has closed, so it never finishes
 * or closes either. `send` closes its file stream only when the answer finishes or its socket closes: a client
 * that pipelines 20 `GET /assets/app.js` and hangs up early left the file descriptors of the queued answers
 * open for good, and about 1,300 such connections used up all of them (every later connection refused until a
 * restart). From memory, an answer holds no descriptor, and its body is the one shared Buffer (a queued answer
 * costs its headers, freed with its connection). See docs/security.md.
 */
export class MemoryFile {
  readonly etag: string;
  readonly contentType: string;

  constructor(
    readonly body: Buffer,
    fileName: string,
    readonly cacheControl: string,
    contentType?: string,
  ) {
    const type = contentType ?? CONTENT_TYPES[extname(fileName).toLowerCase()];
    if (!type) throw new Error(`No content type known for the static file ${fileName}`);
    this.contentType = type;
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  static read(path: string, cacheControl: string, contentType?: string): MemoryFile {
    return new MemoryFile(readFileSync(path), path, cacheControl, contentType);
  }

  /** Answers a GET or HEAD: 304 when the client's `If-None-Match` names this version, else the whole file. */
  send(req: Request, res: Response): void {
    res.setHeader('Cache-Control', this.cacheControl);
    res.setHeader('ETag', this.etag);
    res.setHeader('Content-Type', this.contentType);
    // `req.fresh` compares If-None-Match / If-Modified-Since with the ETag just set (Express, RFC 9110).
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', this.body.length);
    res.end(req.method === 'HEAD' ? undefined : this.body);
  }
}

/** The files of a folder (not its sub-folders, no dotfiles), by `/<name>`. */
export function folderFiles(dir: string, cacheControl: string): Map<string, MemoryFile> {
  const files = new Map<string, MemoryFile>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && !entry.name.startsWith('.')) {
      files.set(`/${entry.name}`, MemoryFile.read(join(dir, entry.name), cacheControl));
    }
  }
  return files;
}

/** GET/HEAD of one of `files` (by `req.path`, relative to where it is mounted) is answered; anything else goes on. */
export function memoryFiles(files: ReadonlyMap<string, MemoryFile>): RequestHandler {
  return (req, res, next) => {
    const file = (req.method === 'GET' || req.method === 'HEAD') && files.get(req.path);
    if (!file) return next();
    file.send(req, res);
  };
}
