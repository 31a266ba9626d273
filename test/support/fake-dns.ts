import { createSocket, RemoteInfo, Socket } from 'node:dgram';

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP) for the custom-domain tests: answers TXT queries from a
 * table the test edits, NXDOMAIN for unknown names, and SERVFAIL for names marked broken. Enough of RFC 1035
 * for `node:dns`'s resolver (c-ares) pointed at it with DNS_SERVERS.
 */
export class FakeDns {
  readonly txt = new Map<string, string[]>();
  readonly broken = new Set<string>();
  queries = 0;
  private socket: Socket | null = null;
  port = 0;

  async start(): Promise<this> {
    const socket = createSocket('udp4');
    socket.on('message', (message, remote) => this.answer(socket, message, remote));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    this.socket = socket;
    this.port = socket.address().port;
    return this;
  }

  /** The value for DNS_SERVERS. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
    this.socket = null;
  }

  private answer(socket: Socket, query: Buffer, remote: RemoteInfo): void {
    this.queries += 1;
    if (query.length < 12) return;
    // The question: labels from byte 12, then QTYPE and QCLASS.
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset];
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const qtype = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const records = this.txt.get(name);
    const rcode = this.broken.has(name) ? 2 : records ? 0 : 3;
    const answers = rcode === 0 && qtype === 16 ? records! : [];

    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8400 | 0x0100 | 0x0080 | rcode, 2); // response, authoritative, RD, RA
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts = [header, query.subarray(12, questionEnd)];
    for (const value of answers) {
      const text = Buffer.from(value, 'utf8');
      const chunks: Buffer[] = [];
      for (let i = 0; i < text.length || i === 0; i += 255) {
        const chunk = text.subarray(i, i + 255);
        chunks.push(Buffer.from([chunk.length]), chunk);
      }
      const rdata = Buffer.concat(chunks);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // pointer to the question's name
      fixed.writeUInt16BE(16, 2); // TXT
      fixed.writeUInt16BE(1, 4); // IN
      fixed.writeUInt32BE(0, 6); // TTL
      fixed.writeUInt16BE(rdata.length, 10);
      parts.push(fixed, rdata);
    }
    socket.send(Buffer.concat(parts), remote.port, remote.address);
  }
}
