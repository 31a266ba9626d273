import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException } from '@app/common';
import { ShortLinkService } from '@app/shortlinks';
import Decimal from 'decimal.js';
import { ORDER_SUMMARIES, type OrderSummaryTable, orderSummaryInsert } from '../query/order-figures';
import { DataSource, type EntityManager } from 'typeorm';
import { analyticsConfig, AnalyticsConfig } from '../analytics.config';
import { itemOfTarget } from '../attribution/link-item';
import { utcMondayOf } from '../clicks/click-summaries';
import { detectLayout, type ReportLayout } from './report-formats';
import { ImportBudget } from './import-budget';
import { readReportRows, ReportFileError } from './report-reader';
import { type ReceivedReport, receiveReport, type ReportUpload } from './report-upload';
import { isProblem, lineOfRow, type OrderLine, type RowProblem } from './report-rows';

/** Lines compared and written per statement. */
const BATCH = 1000;
/** Row problems listed one by one in a summary (all are counted). */
const MAX_LISTED_PROBLEMS = 100;
const DAY_MS = 86_400_000;

export type SkipReason = RowProblem['reason'] | 'duplicate_row';

/** What an import did (or, in a preview, would do). */
export interface ImportSummary {
  applied: boolean;
  marketplace: 'shopee' | 'lazada';
  /** The currency of the money columns (Shopee), or of the rows (Lazada: possibly several). */
  currencies: string[];
  rows_read: number;
  new: number;
  updated: number;
  unchanged: number;
  skipped: number;
  skipped_by_reason: Partial<Record<SkipReason, number>>;
  /** The first MAX_LISTED_PROBLEMS skipped rows: `row` is the line number in the file (the header is row 1). */
  problems: Array<{ row: number; reason: SkipReason; message: string }>;
  /** Lines whose status changes, by `from→to` (e.g. `completed→cancelled`). */
  status_changes: Record<string, number>;
  /** Lines attributed to one of the member's short links. */
  attributed_to_links: number;
}

/** A link a line may be attributed to: its id and the item its target is for. */
interface LinkCandidate {
  id: string;
  marketplace: string;
  itemId: string | null | undefined;
  skuId: string | null | undefined;
}

/** Each sub id's candidate links, as far as one import has read them. */
type LinkCandidates = Map<string, LinkCandidate[]>;

/** Writes the new and changed lines of a batch, with the links they are attributed to. */
type LineWriter = (lines: OrderLine[], links: Map<string, string>) => Promise<void>;

interface Existing {
  line_key: string;
  status: string;
  qty: number;
  gmv: string;
  commission: string;
  net_commission: string;
  currency: string;
  completed_at: Date | null;
}

/**
 * Imports a marketplace report export for a member: received whole first (`receiveReport`: a file on disk, never
 * in memory, before any connection, transaction or lock is taken), then read as a stream, each row turned into an
 * order line or a per-row reason, duplicates inside the file resolved (the row with the larger net commission
 * wins: Shopee ships dummy rows with 0 beside the real one), then compared with what is stored, in batches, and,
 * when applied, upserted batch by batch, each in a short transaction of its own that holds the member's import
 * lock and computes the summaries of the days it wrote again: a line already stored is written only when its
 * status or an amount changed. An apply reads the whole file once before it writes anything (a file refused as a
 * whole writes nothing); cut short (the database gone), it is finished by sending the file again, which counts
 * nothing twice. The preview is the same run without the writes, so it says exactly what the apply will do
 * (unless another import lands in between). Imports take turns (`ImportBudget`).
 */
@Injectable()
export class OrderImportService {
  private readonly logger = new Logger(OrderImportService.name);
  /** The UTC purchase days each open transaction wrote lines of (its `order_days` are computed at its end). */
  private readonly touchedDays = new WeakMap<EntityManager, Set<string>>();
  private readonly budget: ImportBudget;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly shortLinks: ShortLinkService,
    @Inject(analyticsConfig.KEY) private readonly config: AnalyticsConfig,
  ) {
    this.budget = new ImportBudget(config.IMPORT_CONCURRENCY, config.IMPORT_MAX_QUEUED);
  }

  /** Receives and reads a report file. `apply` false: a preview, nothing is written. */
  async importFile(memberId: string, upload: ReportUpload, apply: boolean): Promise<ImportSummary> {
    try {
      const file = await receiveReport(upload, {
        maxBytes: this.config.IMPORT_MAX_BYTES,
        maxRatio: this.config.IMPORT_MAX_COMPRESSION_RATIO,
      });
      try {
        return await this.budget.run(memberId, async () => {
          // An apply reads the whole file first: one refused as a whole (unreadable, too many rows) writes nothing.
          if (apply) for await (const row of this.rowsOf(file)) void row;
          const rows = this.rowsOf(file);
          try {
            return await this.run(memberId, rows, apply);
          } finally {
            await rows.return(undefined).catch(() => undefined);
          }
        });
      } finally {
        await file.remove();
      }
    } catch (error) {
      if (error instanceof ReportFileError) throw new AppException(error.code, error.message);
      throw error;
    }
  }

  private rowsOf(file: ReceivedReport): AsyncGenerator<string[]> {
    return readReportRows(file.open(), {
      maxBytes: this.config.IMPORT_MAX_BYTES,
      maxRows: this.config.IMPORT_MAX_ROWS,
    });
  }

  /** Lines from another source (the scheduled pull): compared and upserted as a file's are. */
  async importLines(memberId: string, lines: OrderLine[], manager?: EntityManager): Promise<ImportSummary> {
    const marketplace = lines[0]?.marketplace ?? 'shopee';
    const summary = emptySummary(marketplace, true);
    const known: LinkCandidates = new Map();
    const run = async (m: EntityManager) => {
      await lockMemberImports(m, memberId);
      const writes = new WriteQueue();
      const writer: LineWriter = (changed, links) => this.write(memberId, changed, m, 'api', links);
      // One batch after the other (a pull's pages may repeat a line: the next batch compares with it written).
      for (let i = 0; i < lines.length; i += BATCH) {
        await this.batch(memberId, lines.slice(i, i + BATCH), summary, m, writer, known, writes);
        await writes.drain();
      }
      await this.refreshDays(memberId, m);
    };
    if (manager) await run(manager);
    else await this.db.transaction(run);
    summary.rows_read = lines.length;
    return summary;
  }

  private async run(memberId: string, rows: AsyncGenerator<string[]>, apply: boolean): Promise<ImportSummary> {
    const first = await rows.next();
    if (first.done) throw new AppException('invalid_request', 'The file is empty');
    const detected = detectLayout(first.value);
    if (!detected.ok) throw new AppException('invalid_request', detected.message);
    const layout: ReportLayout = detected.layout;
    const summary = emptySummary(layout.marketplace, apply);
    const writer: LineWriter | null = apply
      ? (lines, links) =>
          this.underMemberLock(memberId, async (m) => {
            await this.write(memberId, lines, m, 'csv', links);
            await this.refreshDays(memberId, m);
          })
      : null;
    const currencies = new Set<string>();
    /** Net commission of each line key seen in this file (duplicates keep the larger). */
    const seen = new Map<string, string>();
    const known: LinkCandidates = new Map();
    const writes = new WriteQueue();
    let batch = new Map<string, OrderLine>();
    let rowNumber = 1;
    for await (const row of rows) {
      rowNumber += 1;
      if (row.length === 1 && row[0].trim() === '') continue;
      summary.rows_read += 1;
      const line = lineOfRow(row, layout);
      if (isProblem(line)) {
        skip(summary, rowNumber, line.reason, line.message);
        continue;
      }
      currencies.add(line.currency);
      const earlier = seen.get(line.lineKey);
      if (earlier !== undefined) {
        const better = new Decimal(line.netCommission).greaterThan(earlier);
        skip(
          summary,
          rowNumber,
          'duplicate_row',
          `Order ${line.orderId}, item ${line.itemId}${line.modelId ? `, model ${line.modelId}` : ''} appears again: ` +
            (better ? 'this row has the larger net commission and is kept' : 'the first row is kept'),
        );
        if (!better) continue;
        const pending = batch.get(line.lineKey);
        seen.set(line.lineKey, line.netCommission);
        if (pending) {
          batch.set(line.lineKey, line);
          continue;
        }
        // Already compared in an earlier batch: written again (apply), not counted again.
        if (writer) {
          const links = await this.attribution(memberId, [line], known);
          await writes.add(() => writer([line], links));
        }
        continue;
      }
      seen.set(line.lineKey, line.netCommission);
      batch.set(line.lineKey, line);
      if (batch.size >= BATCH) {
        await this.batch(memberId, [...batch.values()], summary, this.db.manager, writer, known, writes);
        batch = new Map();
      }
    }
    if (batch.size > 0)
      await this.batch(memberId, [...batch.values()], summary, this.db.manager, writer, known, writes);
    await writes.drain();
    summary.currencies = [...currencies].sort();
    if (apply) this.logger.log({ member_id: memberId, ...countsOf(summary) }, 'Report imported');
    return summary;
  }

  /** Compares a batch with the stored lines, counts, and (with a writer: apply) writes the new and changed ones. */
  private async batch(
    memberId: string,
    lines: OrderLine[],
    summary: ImportSummary,
    runner: EntityManager,
    writer: LineWriter | null,
    known: LinkCandidates,
    writes: WriteQueue,
  ): Promise<void> {
    const existing: Existing[] = await runner.query(
      `SELECT line_key, status, qty, gmv::text, commission::text, net_commission::text, currency, completed_at
         FROM order_lines WHERE member_id = $1 AND marketplace = $2 AND line_key = ANY($3::text[])`,
      [memberId, lines[0].marketplace, lines.map((l) => l.lineKey)],
    );
    const stored = new Map(existing.map((row) => [row.line_key, row]));
    const changed: OrderLine[] = [];
    for (const line of lines) {
      const before = stored.get(line.lineKey);
      if (!before) {
        summary.new += 1;
        changed.push(line);
      } else if (differs(before, line)) {
        summary.updated += 1;
        if (before.status !== line.status) {
          const key = `${before.status}→${line.status}`;
          summary.status_changes[key] = (summary.status_changes[key] ?? 0) + 1;
        }
        changed.push(line);
      } else {
        summary.unchanged += 1;
      }
    }
    const links = await this.attribution(memberId, lines, known);
    summary.attributed_to_links += lines.filter((l) => links.has(l.lineKey)).length;
    if (writer && changed.length > 0) await writes.add(() => writer(changed, links));
  }

  /**
   * Line key → the member's short link it is attributed to: the links made with the line's sub ids; among
   * several, the one whose target is the ordered item; a single link with those sub ids takes any item (Shopee
   * pays for any product bought after the click). Lines without sub ids, or with several candidates and none for
   * the item, stay with their sub id only. Each sub id's links are read (and their targets parsed) once per
   * import, in `known`: a file repeats its sub ids in every batch.
   */
  private async attribution(memberId: string, lines: OrderLine[], known: LinkCandidates): Promise<Map<string, string>> {
    const missing = [...new Set(lines.map((l) => l.subId).filter((s) => s !== '' && !known.has(s)))];
    for (const subId of missing) known.set(subId, []);
    for (const ref of await this.shortLinks.refsBySubIds(memberId, missing)) {
      const item = itemOfTarget(ref.target);
      known
        .get(ref.sub_id)
        ?.push({ id: ref.id, marketplace: item.marketplace, itemId: item.itemId, skuId: item.skuId });
    }
    const result = new Map<string, string>();
    for (const line of lines) {
      const candidates = (known.get(line.subId) ?? []).filter((link) => link.marketplace === line.marketplace);
      if (candidates.length === 0) continue;
      const sameItem = candidates.find(
        (link) => link.itemId === line.itemId || (link.skuId != null && link.skuId === line.itemId),
      );
      const link = sameItem ?? (candidates.length === 1 ? candidates[0] : undefined);
      if (link) result.set(line.lineKey, link.id);
    }
    return result;
  }

  /**
   * The order summaries (`order_days`, `order_member_hours`) of the UTC days this transaction wrote lines of,
   * computed again from `order_lines` (the same SQL as the figures, `orderFigures`), then the weeks of those days
   * (`order_weeks`) from their `order_days`, once per import, in the import's transaction: the summary never
   * disagrees with the lines.
   */
  private async refreshDays(memberId: string, manager: EntityManager): Promise<void> {
    const days = [...(this.touchedDays.get(manager) ?? [])].sort();
    this.touchedDays.delete(manager);
    if (days.length === 0) return;
    const from = `${days[0]}T00:00:00Z`;
    const to = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + DAY_MS).toISOString();
    const where = `member_id = $1 AND purchased_at >= $3 AND purchased_at < $4
      AND (purchased_at AT TIME ZONE 'UTC')::date = ANY($2::date[])`;
    await manager.query(`DELETE FROM order_days WHERE member_id = $1 AND day = ANY($2::date[])`, [memberId, days]);
    await manager.query(
      `DELETE FROM order_member_hours WHERE member_id = $1 AND hour >= $3 AND hour < $4
          AND (hour AT TIME ZONE 'UTC')::date = ANY($2::date[])`,
      [memberId, days, from, to],
    );
    for (const table of Object.keys(ORDER_SUMMARIES) as OrderSummaryTable[]) {
      await manager.query(orderSummaryInsert(table, where), [memberId, days, from, to]);
    }
    // Their weeks, whole: every day of each from `order_days` (computed above).
    const weeks = [...new Set(days.map(mondayOf))].sort();
    const weeksEnd = new Date(Date.parse(`${weeks[weeks.length - 1]}T00:00:00Z`) + 7 * DAY_MS).toISOString();
    await manager.query(`DELETE FROM order_weeks WHERE member_id = $1 AND week = ANY($2::date[])`, [memberId, weeks]);
    await manager.query(
      orderSummaryInsert(
        'order_weeks',
        `member_id = $1 AND day >= $3::date AND day < $4::date
          AND date_trunc('week', day::timestamp)::date = ANY($2::date[])`,
      ),
      [memberId, weeks, weeks[0], weeksEnd.slice(0, 10)],
    );
  }

  /**
   * `work` in a short transaction of its own that holds the member's import lock. The lock is tried, not waited
   * for inside a statement (whose time-out would cut the wait): while another import of the member holds it, no
   * connection is held, and the lock is tried again after a pause, for up to IMPORT_REQUEST_TIMEOUT_MS.
   */
  private async underMemberLock(memberId: string, work: (manager: EntityManager) => Promise<void>): Promise<void> {
    const deadline = Date.now() + this.config.IMPORT_REQUEST_TIMEOUT_MS;
    for (let pause = 10; ; pause = Math.min(pause * 2, 500)) {
      const done = await this.db.transaction(async (manager) => {
        if (!(await tryLockMemberImports(manager, memberId))) return false;
        await work(manager);
        return true;
      });
      if (done) return;
      if (Date.now() > deadline) {
        throw new AppException('unavailable', 'Another import of yours is still running: try again later', {
          retryAfterSeconds: 30,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * One upsert for the lines: one statement whatever their number, the lines as one JSON array (serialised by
   * V8 in one call: two dozen parameter arrays cost the import a tenth of its CPU in the driver's escaping).
   * Amounts travel as decimal strings and are read as `numeric`: exact.
   */
  private async write(
    memberId: string,
    lines: OrderLine[],
    manager: EntityManager,
    source: 'csv' | 'api',
    links: Map<string, string>,
  ): Promise<void> {
    const touched = this.touchedDays.get(manager) ?? new Set<string>();
    for (const line of lines) touched.add(line.purchasedAt.toISOString().slice(0, 10));
    this.touchedDays.set(manager, touched);
    const rows = lines.map((l) => ({
      ...l,
      purchasedAt: l.purchasedAt.toISOString(),
      completedAt: l.completedAt?.toISOString() ?? null,
      clickedAt: l.clickedAt?.toISOString() ?? null,
      shortLinkId: links.get(l.lineKey) ?? null,
    }));
    await manager.query(
      `INSERT INTO order_lines AS o (member_id, marketplace, line_key, order_id, conversion_id, item_id, model_id,
              item_name, shop_id, shop_name, status, raw_status, currency, qty, gmv, commission, net_commission,
              sub_id, channel, purchased_at, completed_at, clicked_at, short_link_id, source)
       SELECT $1, v."marketplace", v."lineKey", v."orderId", v."conversionId", v."itemId", v."modelId", v."itemName",
              v."shopId", v."shopName", v."status", v."rawStatus", v."currency", v."qty", v."gmv", v."commission",
              v."netCommission", v."subId", v."channel", v."purchasedAt", v."completedAt", v."clickedAt",
              v."shortLinkId", $3
         FROM json_to_recordset($2::json) AS v("marketplace" text, "lineKey" text, "orderId" text,
              "conversionId" text, "itemId" text, "modelId" text, "itemName" text, "shopId" text, "shopName" text,
              "status" text, "rawStatus" text, "currency" text, "qty" int, "gmv" numeric, "commission" numeric,
              "netCommission" numeric, "subId" text, "channel" text, "purchasedAt" timestamptz,
              "completedAt" timestamptz, "clickedAt" timestamptz, "shortLinkId" bigint)
       ON CONFLICT (member_id, marketplace, line_key) DO UPDATE SET
              status = EXCLUDED.status, raw_status = EXCLUDED.raw_status, qty = EXCLUDED.qty, gmv = EXCLUDED.gmv,
              commission = EXCLUDED.commission, net_commission = EXCLUDED.net_commission, currency = EXCLUDED.currency,
              completed_at = EXCLUDED.completed_at, item_name = EXCLUDED.item_name, shop_name = EXCLUDED.shop_name,
              sub_id = EXCLUDED.sub_id, channel = EXCLUDED.channel,
              short_link_id = COALESCE(EXCLUDED.short_link_id, o.short_link_id), updated_at = now()`,
      [memberId, JSON.stringify(rows), source],
    );
  }
}

/**
 * An import's writes, in order, one in flight while the next batch is read, parsed and compared: the database
 * writes one batch while the process parses the next (they were one after the other: a third of the import's
 * time). At most one write waits, so the batches held stay two.
 */
class WriteQueue {
  private last: Promise<void> = Promise.resolve();

  /** Waits for the write before (its error is thrown here), then starts `write` without waiting for it. */
  async add(write: () => Promise<void>): Promise<void> {
    await this.last;
    this.last = write();
    // Awaited by the next add() or by drain(); until then its failure is not an unhandled rejection.
    this.last.catch(() => undefined);
  }

  /** Waits for the last write (its error is thrown here). */
  drain(): Promise<void> {
    return this.last;
  }
}

/** The Monday (UTC) of the week of a `YYYY-MM-DD` day, as `YYYY-MM-DD`. */
function mondayOf(day: string): string {
  return utcMondayOf(new Date(`${day}T00:00:00Z`))
    .toISOString()
    .slice(0, 10);
}

/**
 * Tries to take the member's import lock until the transaction ends (`lockMemberImports` without the wait).
 */
async function tryLockMemberImports(manager: EntityManager, memberId: string): Promise<boolean> {
  const [row] = (await manager.query(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [
    `order-import:${memberId}`,
  ])) as Array<{ locked: boolean }>;
  return row.locked;
}

/**
 * Takes the member's import lock until the transaction ends: a member's imports that write (uploads, the
 * scheduled pull) run one after the other. Each computes the order summaries of the days it touched again from
 * the lines; two at once would each delete and rewrite the same summary rows from what it saw, and one's lines
 * could be missing from the summaries (the figures would no longer add up to the lines).
 */
async function lockMemberImports(manager: EntityManager, memberId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`order-import:${memberId}`]);
}

function differs(before: Existing, line: OrderLine): boolean {
  return (
    before.status !== line.status ||
    before.qty !== line.qty ||
    before.currency !== line.currency ||
    !new Decimal(before.gmv).equals(line.gmv) ||
    !new Decimal(before.commission).equals(line.commission) ||
    !new Decimal(before.net_commission).equals(line.netCommission) ||
    (before.completed_at?.getTime() ?? null) !== (line.completedAt?.getTime() ?? null)
  );
}

function emptySummary(marketplace: 'shopee' | 'lazada', applied: boolean): ImportSummary {
  return {
    applied,
    marketplace,
    currencies: [],
    rows_read: 0,
    new: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    skipped_by_reason: {},
    problems: [],
    status_changes: {},
    attributed_to_links: 0,
  };
}

function skip(summary: ImportSummary, row: number, reason: SkipReason, message: string): void {
  summary.skipped += 1;
  summary.skipped_by_reason[reason] = (summary.skipped_by_reason[reason] ?? 0) + 1;
  if (summary.problems.length < MAX_LISTED_PROBLEMS) summary.problems.push({ row, reason, message });
}

function countsOf(summary: ImportSummary) {
  const { rows_read, new: added, updated, unchanged, skipped } = summary;
  return { rows_read, new: added, updated, unchanged, skipped };
}
