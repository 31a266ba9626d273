import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { Readable, Transform, type TransformCallback } from 'node:stream';

/** Why a whole file is refused (before or while reading). */
export class ReportFileError extends Error {
  constructor(
    readonly code: 'payload_too_large' | 'invalid_request',
    message: string,
  ) {
    super(message);
  }
}

export interface ReadOptions {
  /** The most bytes read; beyond, the file is refused (`payload_too_large`). */
  maxBytes: number;
  /** The most data rows read; beyond, the file is refused. */
  maxRows: number;
  /** The longest field, in characters (csv-parse's `max_record_size` guards a quote that never closes). */
  maxRecordChars?: number;
}

/**
 * Reads a report file as a stream of rows (string arrays; the first is the header row), never holding the file:
 * the bytes are counted (refused past `maxBytes`), the encoding is decided from the first bytes (a UTF-8 BOM or
 * valid UTF-8: UTF-8; a UTF-16 BOM: UTF-16; anything else: Windows-1252, as Lazada's portal writes), decoded with
 * iconv-lite, and split by csv-parse, its delimiter (`,`, `;` or tab) taken from the header line.
 */
export async function* readReportRows(input: Readable, options: ReadOptions): AsyncGenerator<string[]> {
  const sniffer = new EncodingSniffer(options.maxBytes);
  input.on('error', (error) => sniffer.destroy(error));
  input.pipe(sniffer);
  sniffer.setEncoding('utf8');
  const firstLine = await peekFirstLine(sniffer);
  const delimiter = pickDelimiter(firstLine.head);
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: false,
    max_record_size: options.maxRecordChars ?? 1_000_000,
  });
  firstLine.stream.on('error', (error) => parser.destroy(error));
  firstLine.stream.pipe(parser);
  let rows = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rows += 1;
      if (rows > options.maxRows + 1) {
        throw new ReportFileError(
          'payload_too_large',
          `The file has more than ${options.maxRows} rows: split it by date`,
        );
      }
      yield record;
    }
  } catch (error) {
    if (error instanceof ReportFileError) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ReportFileError) throw cause;
    throw new ReportFileError(
      'invalid_request',
      `The file is not readable CSV: ${(error as Error).message.slice(0, 200)}`,
    );
  } finally {
    input.unpipe?.();
    parser.destroy();
  }
}

/** Counts bytes, then decodes to UTF-8: the encoding is decided once, from the first chunk. */
class EncodingSniffer extends Transform {
  private bytes = 0;
  private decoder: ReturnType<typeof iconv.getDecoder> | null = null;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new ReportFileError('payload_too_large', `The file is larger than ${this.maxBytes} bytes`));
      return;
    }
    if (!this.decoder) this.decoder = iconv.getDecoder(sniffEncoding(chunk));
    const text = this.decoder.write(chunk);
    done(null, text ? Buffer.from(text, 'utf8') : undefined);
  }

  override _flush(done: TransformCallback): void {
    const rest = this.decoder?.end();
    done(null, rest ? Buffer.from(rest, 'utf8') : undefined);
  }
}

/** The encoding of a report from its first bytes. */
export function sniffEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  // Valid UTF-8 (a character cut at the chunk's end aside) is UTF-8; anything else is Windows-1252.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = head[end - back];
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf8';
  } catch {
    return 'cp1252';
  }
}

/** Reads the text up to the first line break (to choose the delimiter), and a stream that still starts there. */
async function peekFirstLine(text: Readable): Promise<{ head: string; stream: Readable }> {
  let buffered = '';
  const iterator = text[Symbol.asyncIterator]() as AsyncIterator<string>;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    buffered += next.value;
    if (/[\r\n]/.test(buffered) || buffered.length > 65_536) break;
  }
  const rest = async function* () {
    yield buffered;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  };
  return { head: buffered.split(/[\r\n]/)[0] ?? '', stream: Readable.from(rest(), { objectMode: false }) };
}

function pickDelimiter(headerLine: string): string {
  const outsideQuotes = headerLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}
