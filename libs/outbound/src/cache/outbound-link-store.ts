import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, Repository } from 'typeorm';
import { OutboundLink } from './outbound-link.entity';

export interface CachedOutboundLink {
  provider: string;
  owner: string;
  targetHash: string;
  target: string;
  shortUrl: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Durable cache of outside links, shared by every instance. */
export abstract class OutboundLinkStore {
  /** Fresh links of one provider and owner for these keys, in one query: key → short URL. */
  abstract findFresh(
    provider: string,
    owner: string,
    targetHashes: readonly string[],
    now: Date,
  ): Promise<Map<string, string>>;
  /** Inserts or replaces these rows, in one query. */
  abstract save(rows: readonly CachedOutboundLink[]): Promise<void>;
  abstract purgeExpired(now: Date): Promise<number>;
}

@Injectable()
export class TypeOrmOutboundLinkStore extends OutboundLinkStore {
  constructor(@InjectRepository(OutboundLink) private readonly links: Repository<OutboundLink>) {
    super();
  }

  async findFresh(provider: string, owner: string, targetHashes: readonly string[], now: Date) {
    if (targetHashes.length === 0) return new Map<string, string>();
    const rows = await this.links.find({
      select: { targetHash: true, shortUrl: true },
      where: { provider, owner, targetHash: In([...targetHashes]), expiresAt: MoreThan(now) },
    });
    return new Map(rows.map((row) => [row.targetHash, row.shortUrl]));
  }

  async save(rows: readonly CachedOutboundLink[]): Promise<void> {
    if (rows.length === 0) return;
    await this.links.upsert([...rows], {
      conflictPaths: ['provider', 'owner', 'targetHash'],
      skipUpdateIfNoValuesChanged: false,
    });
  }

  async purgeExpired(now: Date): Promise<number> {
    const result = await this.links.delete({ expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }
}
