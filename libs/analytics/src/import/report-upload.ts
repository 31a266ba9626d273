import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ReportFileError } from './report-reader';

/** The `Content-Encoding`s an upload may be sent with, and their decompressors. */
const DECOMPRESSORS: Record<string, (() => Transform) | null> = {
  identity: null,
  gzip: createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** A report upload: the request body as sent, and its `Content-Encoding`. */
export interface ReportUpload {
  body: Readable;
  encoding?: string;
}

export interface UploadLimits {
  /** The most bytes of the file (decompressed). */
  maxBytes: number;
  /** The most decompressed bytes per byte sent, once past the first megabyte (a compression bomb is refused). */
  maxRatio: number;
}

/** Below this many decompressed bytes the ratio is not checked (a small file may compress very well). */
const RATIO_FLOOR_BYTES = 1_048_576;

/** Whether `encoding` (a `Content-Encoding`, any case) is one an upload may be sent with. */
export function isSupportedUploadEncoding(encoding: string | undefined): boolean {
  return Object.hasOwn(DECOMPRESSORS, (encoding ?? 'identity').toLowerCase());
}

/** A received report: its file on disk (decompressed), read as many times as needed, then removed. */
export interface ReceivedReport {
  open(): Readable;
  remove(): Promise<void>;
}

/**
 * Receives a whole upload into a private temporary file, decompressed, before anything else is done with it: a
 * slow client holds a socket and a file, never a database connection or lock. The decompressed size is capped
 * (`payload_too_large`), and so is its ratio to the bytes sent; a body that is not what its `Content-Encoding`
 * says, or a client that goes away, is `invalid_request`.
 */
export async function receiveReport(upload: ReportUpload, limits: UploadLimits): Promise<ReceivedReport> {
  const encoding = (upload.encoding ?? 'identity').toLowerCase();
  if (!isSupportedUploadEncoding(encoding)) {
    throw new ReportFileError('invalid_request', `Content-Encoding ${encoding.slice(0, 20)} is not supported`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'report-'));
  const path = join(dir, 'report.csv');
  const remove = () => rm(dir, { recursive: true, force: true });
  let sent = 0;
  let received = 0;
  const countSent = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  const countReceived = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      received += chunk.length;
      if (received > limits.maxBytes) {
        done(new ReportFileError('payload_too_large', `The file is larger than ${limits.maxBytes} bytes`));
      } else if (received > RATIO_FLOOR_BYTES && received > sent * limits.maxRatio) {
        done(
          new ReportFileError(
            'payload_too_large',
            `The file decompresses to more than ${limits.maxRatio} times its size: send the file itself`,
          ),
        );
      } else done(null, chunk);
    },
  });
  const decompress = DECOMPRESSORS[encoding];
  const file = createWriteStream(path, { mode: 0o600 });
  try {
    if (decompress) await pipeline(upload.body, countSent, decompress(), countReceived, file);
    else await pipeline(upload.body, countSent, countReceived, file);
  } catch (error) {
    await remove();
    if (error instanceof ReportFileError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new ReportFileError('invalid_request', `The body is not valid ${encoding} (Content-Encoding)`);
    }
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || (error as Error).message === 'aborted') {
      throw new ReportFileError('invalid_request', 'The upload was interrupted before the whole file was received');
    }
    throw error;
  }
  return { open: () => createReadStream(path), remove };
}
