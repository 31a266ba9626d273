import { AppException } from '@app/common';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A streamed request body read once, to a temporary file, while hashed: what an idempotent upload is keyed by. */
export interface SpooledBody {
  /** SHA-256 (hex) of the bytes as sent. */
  sha256: string;
  bytes: number;
  /** The bytes again, from the file. */
  open(): Readable;
  /** Deletes the file (call once the request is answered). */
  dispose(): Promise<void>;
}

/**
 * Reads `body` to a temporary file, hashing it on the way, at most `maxBytes` (beyond: 413 `payload_too_large`,
 * nothing kept). An upload with `Idempotency-Key` is keyed by its content this way (the same file again replays;
 * another file of the same name and size does not), and is then read from the file by the route.
 */
export async function spoolBody(body: Readable, maxBytes: number): Promise<SpooledBody> {
  const dir = await mkdtemp(join(tmpdir(), 'linkconv-upload-'));
  const path = join(dir, 'body');
  const dispose = () => rm(dir, { recursive: true, force: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        done(new AppException('payload_too_large', `The upload is larger than ${maxBytes} bytes`));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counted, createWriteStream(path));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { sha256: hash.digest('hex'), bytes, open: () => createReadStream(path), dispose };
}
