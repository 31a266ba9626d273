import { Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';

/** One currency's orders and money across every member: exact decimal strings, never summed across currencies. */
export interface PlatformAmount {
  currency: string;
  /** Distinct orders with a line not cancelled. */
  orders: number;
  gmv: string;
  commission_completed: string;
  /** pending + completed, as for a member (`docs/analytics.md`). */
  net_commission: string;
}

export interface PlatformTotals {
  /** The first UTC day counted. */
  since: string;
  clicks: number;
  bot_clicks: number;
  amounts: PlatformAmount[];
  /** Members who have imported or pulled at least one order line (ever). */
  members_with_imports: number;
}

/**
 * The platform's earnings totals for the admin overview, owned by the analytics lib (its tables: `click_days`,
 * `order_lines`): clicks since a UTC day from the daily summary, orders, GMV and commission per currency by
 * purchase time, and how many members have imported orders. Same definitions as a member's figures.
 */
@Injectable()
export class PlatformTotalsQuery {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async totals(since: Date): Promise<PlatformTotals> {
    const day = since.toISOString().slice(0, 10);
    const [[clicks], amounts, [members]] = await Promise.all([
      this.db.query(
        `SELECT COALESCE(SUM(clicks), 0)::bigint AS clicks, COALESCE(SUM(bot_clicks), 0)::bigint AS bot_clicks
           FROM click_days WHERE day >= $1::date`,
        [day],
      ) as Promise<Array<{ clicks: string; bot_clicks: string }>>,
      this.db.query(
        `SELECT currency,
                count(DISTINCT (member_id, marketplace, order_id)) FILTER (WHERE status <> 'cancelled') AS orders,
                COALESCE(SUM(gmv) FILTER (WHERE status <> 'cancelled'), 0)::text AS gmv,
                COALESCE(SUM(net_commission) FILTER (WHERE status = 'completed'), 0)::text AS completed,
                COALESCE(SUM(net_commission) FILTER (WHERE status IN ('unpaid', 'pending', 'completed')), 0)::text AS net
           FROM order_lines WHERE purchased_at >= $1 GROUP BY currency ORDER BY currency`,
        [since],
      ) as Promise<Array<{ currency: string; orders: string; gmv: string; completed: string; net: string }>>,
      this.db.query(`SELECT count(DISTINCT member_id)::int AS n FROM order_lines`) as Promise<Array<{ n: number }>>,
    ]);
    return {
      since: day,
      clicks: Number(clicks.clicks),
      bot_clicks: Number(clicks.bot_clicks),
      amounts: amounts.map((row) => ({
        currency: row.currency,
        orders: Number(row.orders),
        gmv: new Decimal(row.gmv).toFixed(),
        commission_completed: new Decimal(row.completed).toFixed(),
        net_commission: new Decimal(row.net).toFixed(),
      })),
      members_with_imports: Number(members.n),
    };
  }
}

/** The platform totals alone, for the admin console (no click recorder, no short links). */
@Module({ providers: [PlatformTotalsQuery], exports: [PlatformTotalsQuery] })
export class PlatformTotalsModule {}
