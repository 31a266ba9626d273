import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, Repository } from 'typeorm';
import { ResolvedLink } from './resolved-link.entity';
import { RESOLUTION_FAILURES, ResolutionFailure, ResolutionResult } from './short-link-resolver';

export interface CachedResolution {
  shortUrl: string;
  result: ResolutionResult;
  resolvedAt: Date;
  expiresAt: Date;
}

/** Longest short link the cache keeps (longer ones are resolved every time). */
export const MAX_CACHED_SHORT_URL_LENGTH = 2048;

/** Durable storage of resolutions, shared by every instance. */
export abstract class ResolvedLinkStore {
  /** The entries of these short links that have not expired at `now`, in one query. */
  abstract findFresh(shortUrls: readonly string[], now: Date): Promise<CachedResolution[]>;
  /** Inserts or replaces these entries (distinct short links), in one query. */
  abstract save(entries: readonly CachedResolution[]): Promise<void>;
  /** Deletes the entries expired before `now`; answers how many. */
  abstract purgeExpired(now: Date): Promise<number>;
}

/** `ResolvedLinkStore` on the `resolved_links` table. */
@Injectable()
export class TypeOrmResolvedLinkStore extends ResolvedLinkStore {
  constructor(@InjectRepository(ResolvedLink) private readonly links: Repository<ResolvedLink>) {
    super();
  }

  async findFresh(shortUrls: readonly string[], now: Date): Promise<CachedResolution[]> {
    if (shortUrls.length === 0) return [];
    const rows = await this.links.find({ where: { shortUrl: In([...shortUrls]), expiresAt: MoreThan(now) } });
    return rows.flatMap((row) => {
      const result = toResult(row);
      return result ? [{ shortUrl: row.shortUrl, result, resolvedAt: row.resolvedAt, expiresAt: row.expiresAt }] : [];
    });
  }

  async save(entries: readonly CachedResolution[]): Promise<void> {
    if (entries.length === 0) return;
    await this.links.upsert(
      entries.map((entry) => ({
        shortUrl: entry.shortUrl,
        resolvedUrl: entry.result.ok ? entry.result.landingUrl : null,
        failure: entry.result.ok ? null : entry.result.failure,
        resolvedAt: entry.resolvedAt,
        expiresAt: entry.expiresAt,
      })),
      { conflictPaths: ['shortUrl'], skipUpdateIfNoValuesChanged: false },
    );
  }

  async purgeExpired(now: Date): Promise<number> {
    const result = await this.links.delete({ expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }
}

/** A row as a result; null for a row this version cannot read (an unknown failure code). */
function toResult(row: ResolvedLink): ResolutionResult | null {
  if (row.resolvedUrl !== null) return { ok: true, landingUrl: row.resolvedUrl };
  if (row.failure !== null && (RESOLUTION_FAILURES as readonly string[]).includes(row.failure)) {
    return { ok: false, failure: row.failure as ResolutionFailure };
  }
  return null;
}
