import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, PeriodicUntilShutdown } from '@app/common';
import { type ClickDimensionsSink, ShortLinkService } from '@app/shortlinks';
import { LRUCache } from 'lru-cache';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { analyticsConfig, AnalyticsConfig } from '../analytics.config';
import { ClickDimensionReader, referrerHost } from './click-dimensions';
import { type Combination, PendingCombinations } from './pending-combinations';
import { summaryUpsertCtes } from './click-summaries';

const HOUR_MS = 3_600_000;
/** Distinct (link, hour, dimensions) counters held between two writes; beyond, new combinations are dropped. */
export const MAX_PENDING_COMBINATIONS = 200_000;
/** Links whose owner, sub ids and item are remembered between flushes. */
const LINK_CACHE_MAX = 100_000;
/** Link ids resolved per query. */
const LINK_BATCH = 5000;

/**
 * Written per flush, in one statement: one `click_hours` row per combination, whatever the number of clicks, and
 * their sums into the click summaries (`click-summaries.ts`: per member and UTC day and sub id, per member and
 * hour, per link and day).
 */
const FLUSH_SQL = `WITH v AS (
  SELECT unnest($1::bigint[]) AS short_link_id, to_timestamp(unnest($2::int[])::float8 * 3600) AS hour,
         unnest($3::text[]) AS country, unnest($4::text[]) AS device, unnest($5::text[]) AS os,
         unnest($6::text[]) AS browser, unnest($7::text[]) AS referrer, unnest($8::bool[]) AS bot,
         unnest($9::uuid[]) AS member_id, unnest($10::text[]) AS sub_id, unnest($11::text[]) AS marketplace,
         unnest($12::text[]) AS item_id, unnest($13::int[]) AS clicks),
hours AS (
  INSERT INTO click_hours AS c (short_link_id, hour, country, device, os, browser, referrer, bot,
         member_id, sub_id, marketplace, item_id, clicks)
  SELECT short_link_id, hour, country, device, os, browser, referrer, bot, member_id, sub_id, marketplace, item_id,
         clicks
    FROM v
  ON CONFLICT (short_link_id, hour, country, device, os, browser, referrer, bot)
    DO UPDATE SET clicks = c.clicks + EXCLUDED.clicks),
${summaryUpsertCtes('v')}
SELECT 1`;

interface LinkFacts {
  memberId: string;
  subId: string;
  marketplace: string;
  itemId: string;
}

/**
 * Clicks with their dimensions, beside the click counter of the short-links lib and in the same way: `record()`
 * is synchronous and in memory (called after the redirect's answer is sent), bumping one counter per (link, UTC
 * hour, country, device, OS, browser, referrer host, bot); a periodic task writes them with one constant statement
 * (`FLUSH_SQL`, unnested arrays), and what is left is written at shutdown. The link's owner, sub ids, marketplace
 * and item are looked up at flush time (through `ShortLinkService`, cached), never on the redirect path, and
 * stored on each row so the analytics read one table. A failed write keeps the counters for the next flush.
 */
@Injectable()
export class ClickRecorder extends PeriodicUntilShutdown implements ClickDimensionsSink {
  private readonly reader = new ClickDimensionReader();
  private pending = new PendingCombinations();
  private dropped = 0;
  private readonly links = new LRUCache<string, LinkFacts>({ max: LINK_CACHE_MAX });
  private flushing: Promise<void> = Promise.resolve();
  readonly enabled: boolean;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly shortLinks: ShortLinkService,
    private readonly clock: Clock,
    @Inject(analyticsConfig.KEY) config: AnalyticsConfig,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'click-dimensions-flush', config.CLICK_DIMENSIONS_FLUSH_INTERVAL_MS);
    this.enabled = config.CLICK_DIMENSIONS_ENABLED;
  }

  protected runPeriodically(): Promise<void> {
    return this.flush();
  }

  protected override runsPeriodically(): boolean {
    return this.enabled;
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    if (this.enabled && !this.reader.hasCountries) {
      this.logger.warn('The DB-IP country database could not be opened: clicks are recorded without their country');
    }
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await this.flush();
    if (this.pending.size > 0) {
      this.logger.error({ lost_combinations: this.pending.size }, 'Could not write the click dimensions at shutdown');
    }
  }

  /**
   * One click of a redirect already answered, from `address` (the client as `req.ip` gives it: TRUST_PROXY
   * honoured). Synchronous and in memory only.
   */
  record(linkId: string, req: IncomingMessage, address: string | undefined, bot: boolean): void {
    if (!this.enabled) return;
    const hour = Math.floor(this.clock.now().getTime() / HOUR_MS);
    // The reader's parts one by one (no dimensions object per click): the agent, parsed once per distinct user
    // agent, carries its part of the key.
    const agent = this.reader.agent(req.headers['user-agent'] ?? '', bot);
    const country = this.reader.country(address);
    const referer = req.headers.referer;
    const referrer = typeof referer === 'string' ? referrerHost(referer) : '';
    // Nested maps keyed by strings the caches hand back as the same objects (the agent's key, the country, the
    // link id), so no combination key is built and hashed per click (see PendingCombinations).
    if (this.pending.size >= MAX_PENDING_COMBINATIONS) {
      // Full: only the counters already held count on (nothing new is made, not even an empty level).
      const held = this.pending.find(hour, agent.key, country, referrer, linkId);
      if (held) held.clicks += 1;
      else this.dropped += 1;
      return;
    }
    const byLink = this.pending.links(hour, agent.key, country, referrer);
    const entry = byLink.get(linkId);
    if (entry) {
      entry.clicks += 1;
      return;
    }
    const { device, os, browser } = agent;
    byLink.set(linkId, { linkId, hour, bot, clicks: 1, country, device, os, browser, referrer });
    this.pending.size += 1;
  }

  /** Clicks recorded and not written yet. */
  get pendingClicks(): number {
    let total = 0;
    for (const entry of this.pending.values()) total += entry.clicks;
    return total;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.error(
        { dropped_clicks: this.dropped },
        `${this.dropped} clicks were recorded without dimensions (buffer full)`,
      );
      this.dropped = 0;
    }
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new PendingCombinations();
    const started = performance.now();
    try {
      const entries = [...batch.values()].sort((a, b) => compareIds(a.linkId, b.linkId) || a.hour - b.hour);
      const facts = await this.factsOf([...new Set(entries.map((e) => e.linkId))]);
      const rows = entries.filter((e) => facts.has(e.linkId));
      if (rows.length > 0) {
        const col = <T>(pick: (e: Combination) => T) => rows.map(pick);
        const fact = (e: Combination) => facts.get(e.linkId)!;
        await this.db.query(FLUSH_SQL, [
          col((e) => e.linkId),
          col((e) => e.hour),
          col((e) => e.country),
          col((e) => e.device),
          col((e) => e.os),
          col((e) => e.browser),
          col((e) => e.referrer),
          col((e) => e.bot),
          col((e) => fact(e).memberId),
          col((e) => fact(e).subId),
          col((e) => fact(e).marketplace),
          col((e) => fact(e).itemId),
          col((e) => e.clicks),
        ]);
      }
      this.logger.log(
        {
          rows: rows.length,
          clicks: rows.reduce((s, e) => s + e.clicks, 0),
          ms: Math.round(performance.now() - started),
        },
        'Click dimensions written',
      );
    } catch (error) {
      for (const entry of batch.values()) this.pending.add(entry);
      this.logger.warn(`Could not write click dimensions, will retry: ${(error as Error).message}`);
    }
  }

  /** Owner, sub ids, marketplace and item of each link (cached; deleted links are left out). */
  private async factsOf(ids: string[]): Promise<Map<string, LinkFacts>> {
    const result = new Map<string, LinkFacts>();
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.links.get(id);
      if (cached) result.set(id, cached);
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += LINK_BATCH) {
      for (const ref of await this.shortLinks.refsByIds(missing.slice(i, i + LINK_BATCH))) {
        // What the target is, as stored when the link was made.
        const facts = {
          memberId: ref.member_id,
          subId: ref.sub_id,
          marketplace: ref.facts?.marketplace ?? 'other',
          itemId: ref.facts?.itemId ?? '',
        };
        this.links.set(ref.id, facts);
        result.set(ref.id, facts);
      }
    }
    return result;
  }
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
