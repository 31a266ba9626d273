import { Inject, Injectable, Optional } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { DataSource } from 'typeorm';
import { MAX_TARGET_LENGTH, OWN_DOMAIN } from '../shortlinks.constants';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';
import { ShortCodeGenerator } from './short-code';
import { ShortLinkTargetPolicy, type ShortLinkTargetFacts } from './short-link-target-policy';
import { ShortLinkUrls } from './short-link-urls';
import { ShortLinksCreated } from './short-link-events';

/** New random codes for the links whose code was taken, before giving up (each retry is one statement). */
const MAX_ATTEMPTS = 6;

export interface ShortLinkView {
  code: string;
  sub_id: string;
  url: string;
  domain: string | null;
  target: string;
  clicks: number;
  bot_clicks: number;
  created_at: Date;
  last_click_at: Date | null;
}

/** Which of the member's links a clicks-per-day series covers: all, one link (code on a domain), or one sub id. */
export interface ClicksFilter {
  code?: string;
  /** `null` or absent: our own short domain. */
  domain?: string | null;
  subId?: string;
}

export interface SubIdClicks {
  sub_id: string;
  links: number;
  clicks: number;
  bot_clicks: number;
}

/**
 * A short link as the analytics lib joins it to orders and clicks: its owner, sub ids, target and what the target
 * is (stored when the link was made).
 */
export interface ShortLinkRef {
  id: string;
  member_id: string;
  sub_id: string;
  code: string;
  domain: string | null;
  url: string;
  target: string;
  facts: ShortLinkTargetFacts | null;
}

/** A member's short-link quotas and what is used of them (`GET /api/limits`, the account page). */
export interface ShortLinkQuotaUsage {
  per_day: number;
  today: number;
  total_limit: number;
  total: number;
  /** When the daily quota starts afresh (the next UTC midnight). */
  day_resets_at: Date;
}

export interface ClicksPerDay {
  day: string;
  clicks: number;
  bot_clicks: number;
}

/**
 * Creates and lists short links. `shorten` makes (or reuses) the codes of many targets in one statement:
 * an `INSERT ... ON CONFLICT DO NOTHING` over `unnest` arrays, whose result is joined with the rows that
 * already existed for the same (member, domain, target). A target left without a code (its random code was
 * taken on that domain, or a concurrent request inserted the same target meanwhile) is tried again with a
 * new code: a further statement only in that rare case.
 */
@Injectable()
export class ShortLinkService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly codes: ShortCodeGenerator,
    private readonly urls: ShortLinkUrls,
    private readonly clock: Clock,
    private readonly targetPolicy: ShortLinkTargetPolicy,
    @Inject(shortLinksConfig.KEY) private readonly config: ShortLinksConfig,
    // The standalone redirector has no domain events and makes no link.
    @Optional() private readonly events?: EventEmitter2,
  ) {}

  /** The quotas of a plan: new links per UTC day and links in all (SHORT_LINK_QUOTA_*). */
  private quotasOf(plan: string): { perDay: number; total: number } {
    return plan === 'pro'
      ? { perDay: this.config.SHORT_LINK_QUOTA_PRO_PER_DAY, total: this.config.SHORT_LINK_QUOTA_PRO_TOTAL }
      : { perDay: this.config.SHORT_LINK_QUOTA_FREE_PER_DAY, total: this.config.SHORT_LINK_QUOTA_FREE_TOTAL };
  }

  /** The start of today and of tomorrow, UTC. */
  private utcDay(): { start: Date; next: Date } {
    const start = Date.UTC(...utcParts(this.clock.now()));
    return { start: new Date(start), next: new Date(start + 86_400_000) };
  }

  /**
   * The member's links made today and in all, each counted no further than `limits` (an index range scan of at
   * most that many rows, so a member with many links costs no more than the quota).
   */
  private async countLinks(memberId: string, limits: { perDay: number; total: number }) {
    const rows: Array<{ today: number; total: number }> = await this.db.query(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM short_links WHERE member_id = $1 AND created_at >= $2 LIMIT $3) d)::int AS today,
              (SELECT count(*) FROM (SELECT 1 FROM short_links WHERE member_id = $1 LIMIT $4) t)::int AS total`,
      [memberId, this.utcDay().start, limits.perDay + 1, limits.total + 1],
    );
    return { today: Number(rows[0].today), total: Number(rows[0].total) };
  }

  /** What the member has used of its short-link quotas. */
  async quotaUsage(memberId: string, plan: string): Promise<ShortLinkQuotaUsage> {
    const limits = this.quotasOf(plan);
    const used = await this.countLinks(memberId, limits);
    return {
      per_day: limits.perDay,
      today: Math.min(used.today, limits.perDay),
      total_limit: limits.total,
      total: Math.min(used.total, limits.total),
      day_resets_at: this.utcDay().next,
    };
  }

  /**
   * Refuses (429 `quota_exceeded`) a call whose NEW links (targets the member has no link for on `domain` yet)
   * would pass the plan's daily or total quota; targets shortened before count nothing. Checked before the insert,
   * not under a lock: concurrent calls of one member may together pass a quota by their own new links, at most.
   */
  private async checkQuota(memberId: string, domain: string, targets: string[], plan: string): Promise<void> {
    const limits = this.quotasOf(plan);
    const fresh: Array<{ fresh: number }> = await this.db.query(
      `SELECT count(*)::int AS fresh FROM unnest($3::text[]) AS i(target)
        WHERE NOT EXISTS (SELECT 1 FROM short_links e WHERE e.member_id = $1::uuid AND e.domain = $2
                             AND md5(e.target) = md5(i.target) AND e.target = i.target)`,
      [memberId, domain, targets],
    );
    const count = Number(fresh[0].fresh);
    if (count === 0) return;
    const used = await this.countLinks(memberId, limits);
    if (used.today + count > limits.perDay) {
      const { next } = this.utcDay();
      throw new AppException(
        'quota_exceeded',
        `Short-link quota spent: ${limits.perDay} new short links per day (UTC) on your plan, ${used.today} made ` +
          `today; this call needs ${count} new. Links already made are reused and count nothing.`,
        { retryAfterSeconds: Math.max(1, Math.ceil((next.getTime() - this.clock.now().getTime()) / 1000)) },
      );
    }
    if (used.total + count > limits.total) {
      throw new AppException(
        'quota_exceeded',
        `Short-link quota spent: ${limits.total} short links in all on your plan, ${used.total} made; this call ` +
          `needs ${count} new. Links already made are reused and count nothing.`,
      );
    }
  }

  /**
   * target → code on `domain` (`OWN_DOMAIN` or a custom domain), for the member. Every target must be an http(s)
   * URL the `ShortLinkTargetPolicy` allows (a marketplace link), else nothing is created: 400 `invalid_request`.
   * With `plan`, the plan's quotas of new links apply (429 `quota_exceeded`, nothing created).
   */
  async shorten(
    memberId: string,
    domain: string,
    targets: readonly string[],
    subId = '',
    plan?: string,
  ): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    const created: Array<{ code: string; target: string }> = [];
    let missing = [...new Set(targets)];
    const factsOf = new Map<string, ShortLinkTargetFacts>();
    for (const target of missing) {
      if (!/^https?:\/\//i.test(target) || target.length > MAX_TARGET_LENGTH) {
        throw new Error('short link targets must be http(s) URLs of at most 2048 characters');
      }
      const facts = this.targetPolicy.facts(target);
      if (!facts) throw new AppException('invalid_request', 'Only marketplace links can be shortened');
      factsOf.set(target, facts);
    }
    if (plan !== undefined) await this.checkQuota(memberId, domain, missing, plan);
    for (let attempt = 0; attempt < MAX_ATTEMPTS && missing.length > 0; attempt += 1) {
      const codes = missing.map(() => this.codes.next());
      const facts = (pick: (f: ShortLinkTargetFacts) => string | null) => missing.map((t) => pick(factsOf.get(t)!));
      const rows: Array<{ target: string; code: string | null; created: boolean }> = await this.db.query(
        `WITH input AS (
           SELECT i.* FROM unnest($3::text[], $4::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                                  $12::text[])
             WITH ORDINALITY AS i(target, code, marketplace, region, affiliate_id, shop_id, item_id, variant_id, ord)
         ), inserted AS (
           INSERT INTO short_links (member_id, domain, code, target, sub_id, created_at,
                                    marketplace, region, affiliate_id, shop_id, item_id, variant_id)
           SELECT $1::uuid, $2, input.code, input.target, $5, $6, input.marketplace, input.region, input.affiliate_id,
                  input.shop_id, input.item_id, input.variant_id
             FROM input ORDER BY input.ord
           ON CONFLICT DO NOTHING
           RETURNING target, code
         )
         SELECT input.target, COALESCE(inserted.code, existing.code) AS code, inserted.code IS NOT NULL AS created
           FROM input
           LEFT JOIN inserted ON inserted.target = input.target
           LEFT JOIN short_links existing
             ON existing.member_id = $1::uuid AND existing.domain = $2
            AND md5(existing.target) = md5(input.target) AND existing.target = input.target
          ORDER BY input.ord`,
        // created_at from the app's clock, the one the daily quota is counted on.
        [
          memberId,
          domain,
          missing,
          codes,
          subId.slice(0, 300),
          this.clock.now(),
          facts((f) => f.marketplace),
          facts((f) => f.region),
          facts((f) => f.affiliateId),
          facts((f) => f.shopId),
          facts((f) => f.itemId),
          facts((f) => f.variantId),
        ],
      );
      for (const row of rows) {
        if (!row.code) continue;
        result.set(row.target, row.code);
        if (row.created) created.push({ code: row.code, target: row.target });
      }
      missing = missing.filter((target) => !result.has(target));
    }
    if (missing.length > 0) throw new AppException('unavailable', 'Could not create short links, please retry');
    // Told, not awaited: a listener (webhooks) does its work after the answer.
    if (created.length > 0 && this.events) {
      this.events.emit(
        ShortLinksCreated.event,
        new ShortLinksCreated(
          memberId,
          created.map((link) => ({
            ...link,
            url: this.urls.url(domain, link.code),
            domain: domain === OWN_DOMAIN ? null : domain,
            sub_id: subId.slice(0, 300),
          })),
        ),
      );
    }
    return result;
  }

  /** The member's short links, newest first, with their click totals. */
  async list(memberId: string, page: number, perPage: number): Promise<{ links: ShortLinkView[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.query(
        `SELECT s.code, s.domain, s.target, s.sub_id, s.created_at,
                COALESCE(t.clicks, 0) AS clicks, COALESCE(t.bot_clicks, 0) AS bot_clicks, t.last_click_at
           FROM short_links s
           LEFT JOIN LATERAL (
             SELECT SUM(c.clicks) AS clicks, SUM(c.bot_clicks) AS bot_clicks, MAX(c.last_click_at) AS last_click_at
               FROM short_link_clicks c WHERE c.short_link_id = s.id
           ) t ON true
          WHERE s.member_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3`,
        [memberId, perPage, (page - 1) * perPage],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM short_links WHERE member_id = $1`, [memberId]),
    ]);
    return {
      total: Number(count[0]?.total ?? 0),
      links: (rows as Array<Record<string, unknown>>).map((row) => ({
        code: String(row.code),
        sub_id: String(row.sub_id ?? ''),
        url: this.urls.url(String(row.domain), String(row.code)),
        domain: row.domain === OWN_DOMAIN ? null : String(row.domain),
        target: String(row.target),
        clicks: Number(row.clicks),
        bot_clicks: Number(row.bot_clicks),
        created_at: new Date(row.created_at as string),
        last_click_at: row.last_click_at ? new Date(row.last_click_at as string) : null,
      })),
    };
  }

  /**
   * Clicks on the member's links per UTC day, the last `days` days (today included), zero-filled: all links, or
   * one link (`code` on `domain`), or the links of one sub id. People and bots apart. The one place that reads
   * the per-day clicks.
   */
  async clicksPerDay(memberId: string, days: number, filter: ClicksFilter = {}): Promise<ClicksPerDay[]> {
    const today = Date.UTC(...utcParts(this.clock.now()));
    const from = new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const params: unknown[] = [memberId, from];
    let where = '';
    if (filter.code !== undefined) {
      params.push(filter.code, filter.domain ?? OWN_DOMAIN);
      where += ` AND s.code = $${params.length - 1} AND s.domain = $${params.length}`;
    }
    if (filter.subId !== undefined) {
      params.push(filter.subId);
      where += ` AND s.sub_id = $${params.length}`;
    }
    const rows: Array<{ day: string | Date; clicks: string; bot_clicks: string }> = await this.db.query(
      `SELECT to_char(c.day, 'YYYY-MM-DD') AS day, SUM(c.clicks)::bigint AS clicks, SUM(c.bot_clicks)::bigint AS bot_clicks
         FROM short_link_clicks c JOIN short_links s ON s.id = c.short_link_id
        WHERE s.member_id = $1 AND c.day >= $2::date${where}
        GROUP BY c.day`,
      params,
    );
    const byDay = new Map(rows.map((row) => [String(row.day), row]));
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
      const row = byDay.get(day);
      return { day, clicks: Number(row?.clicks ?? 0), bot_clicks: Number(row?.bot_clicks ?? 0) };
    });
  }

  /** The member's sub ids with their number of links and click totals, most clicked first (at most 100). */
  async subIds(memberId: string): Promise<SubIdClicks[]> {
    const rows: Array<{ sub_id: string; links: string; clicks: string; bot_clicks: string }> = await this.db.query(
      `SELECT s.sub_id, count(DISTINCT s.id)::bigint AS links,
              COALESCE(SUM(c.clicks), 0)::bigint AS clicks, COALESCE(SUM(c.bot_clicks), 0)::bigint AS bot_clicks
         FROM short_links s LEFT JOIN short_link_clicks c ON c.short_link_id = s.id
        WHERE s.member_id = $1
        GROUP BY s.sub_id ORDER BY 3 DESC, s.sub_id LIMIT 100`,
      [memberId],
    );
    return rows.map((row) => ({
      sub_id: row.sub_id,
      links: Number(row.links),
      clicks: Number(row.clicks),
      bot_clicks: Number(row.bot_clicks),
    }));
  }

  /** The links of these ids (any member): for the analytics of clicks, which know a link by its id only. */
  async refsByIds(ids: readonly string[]): Promise<ShortLinkRef[]> {
    if (ids.length === 0) return [];
    return this.refs('s.id = ANY($1::bigint[])', [ids.slice(0, MAX_REFS)]);
  }

  /** A member's links made with one of these sub ids (at most MAX_REFS): orders are joined to them. */
  async refsBySubIds(memberId: string, subIds: readonly string[]): Promise<ShortLinkRef[]> {
    if (subIds.length === 0) return [];
    return this.refs('s.member_id = $1 AND s.sub_id = ANY($2::text[])', [memberId, subIds.slice(0, MAX_REFS)]);
  }

  /** A member's links whose code, target or sub id contains `search` (newest first, paged): the link filter. */
  async searchRefs(memberId: string, search: string, limit: number, offset: number): Promise<ShortLinkRef[]> {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.refs(
      `s.member_id = $1 AND (s.code ILIKE $2 OR s.target ILIKE $2 OR s.sub_id ILIKE $2) ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
      [memberId, pattern, limit, offset],
    );
  }

  private async refs(where: string, params: unknown[]): Promise<ShortLinkRef[]> {
    const rows: Array<{
      id: string;
      member_id: string;
      sub_id: string;
      code: string;
      domain: string;
      target: string;
      marketplace: string | null;
      region: string | null;
      affiliate_id: string | null;
      shop_id: string | null;
      item_id: string | null;
      variant_id: string | null;
    }> = await this.db.query(
      `SELECT s.id::text AS id, s.member_id, s.sub_id, s.code, s.domain, s.target,
              s.marketplace, s.region, s.affiliate_id, s.shop_id, s.item_id, s.variant_id
         FROM short_links s WHERE ${where}`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      member_id: row.member_id,
      sub_id: row.sub_id,
      code: row.code,
      domain: row.domain === OWN_DOMAIN ? null : row.domain,
      url: this.urls.url(row.domain, row.code),
      target: row.target,
      facts: row.marketplace
        ? {
            marketplace: row.marketplace,
            region: row.region,
            affiliateId: row.affiliate_id,
            shopId: row.shop_id,
            itemId: row.item_id,
            variantId: row.variant_id,
          }
        : null,
    }));
  }
}

/** Links read per call of `refsByIds` / `refsBySubIds`. */
const MAX_REFS = 5000;

function utcParts(date: Date): [number, number, number] {
  return [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
}
