import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { spoolBody } from './spooled-body';

describe('spoolBody', () => {
  it('hashes the bytes as sent, gives them back from the file, and deletes the file', async () => {
    const bytes = Buffer.from('Order id,Status\n1,Completed\n');
    const spooled = await spoolBody(Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), 1024);
    expect(spooled.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(spooled.bytes).toBe(bytes.length);
    const stream = spooled.open() as Readable & { path: string };
    expect((await buffer(stream)).equals(bytes)).toBe(true);
    await spooled.dispose();
    expect(existsSync(dirname(stream.path))).toBe(false);
  });

  it('refuses a body over the limit with payload_too_large', async () => {
    await expect(spoolBody(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000)).rejects.toMatchObject({
      code: 'payload_too_large',
    });
  });
});
