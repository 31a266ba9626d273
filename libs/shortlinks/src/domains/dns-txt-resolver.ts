import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the records (each joined from its strings), or why there are none. */
export type TxtLookup =
  | { kind: 'records'; records: string[] }
  /** The name does not exist or has no TXT record: a definitive answer. */
  | { kind: 'none'; reason: string }
  /** Time-out, SERVFAIL, refused...: nothing can be concluded. */
  | { kind: 'error'; reason: string };

/** The DNS edge of the custom-domain check. Inject another implementation in tests. */
export abstract class DnsTxtResolver {
  abstract lookupTxt(name: string): Promise<TxtLookup>;
}

const DEFINITIVE = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA']);

/** `node:dns` (c-ares, no cache) against DNS_SERVERS, or the system's resolvers. */
export class NodeDnsTxtResolver extends DnsTxtResolver {
  private readonly servers: string[];

  constructor(
    servers: readonly string[],
    private readonly timeoutMs = 2000,
  ) {
    super();
    this.servers = [...servers];
  }

  async lookupTxt(name: string): Promise<TxtLookup> {
    const resolver = new Resolver({ timeout: this.timeoutMs, tries: 2 });
    if (this.servers.length > 0) resolver.setServers(this.servers);
    try {
      const records = await resolver.resolveTxt(name);
      return { kind: 'records', records: records.map((chunks) => chunks.join('')) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      return DEFINITIVE.has(code)
        ? { kind: 'none', reason: code === 'ENOTFOUND' || code === 'NOTFOUND' ? 'no such name' : 'no TXT record' }
        : { kind: 'error', reason: `DNS lookup failed (${code})` };
    } finally {
      resolver.cancel();
    }
  }
}
