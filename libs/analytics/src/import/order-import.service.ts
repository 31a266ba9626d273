import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { ShortLinkService } from '@app/shortlinks';
import { regionOfCurrency } from '@app/marketplaces';
import Decimal from 'decimal.js';
import { ORDER_SUMMARIES, type OrderSummaryTable, orderSummaryInsert } from '../query/order-figures';
import { DataSource, type EntityManager } from 'typeorm';
import { analyticsConfig, AnalyticsConfig } from '../analytics.config';
import { type OrderLineFact, OrderLinesChanged, ReportImported } from '../analytics-events';
import { utcMondayOf } from '../clicks/click-summaries';
import { detectLayout, type LineStatus, type ReportLayout } from './report-formats';
import { ImportBudget } from './import-budget';
import { readReportRows, ReportFileError } from './report-reader';
import { type ReceivedReport, receiveReport, type ReportUpload } from './report-upload';
import { isProblem, lineOfRow, type OrderLine, type RowProblem } from './report-rows';
import { parseReportTime } from './report-values';

/** Lines compared and written per statement. */
const BATCH = 1000;
/** Row problems listed one by one in a summary (all are counted). */
const MAX_LISTED_PROBLEMS = 100;
const DAY_MS = 86_400_000;

export type SkipReason = RowProblem['reason'] | 'duplicate_row';

/**
 * Why a line of a report was not written over the stored one: the stored line was set by a report made later
 * (`older_report`), or its status is final and the report would move it back (`final_status`: cancelled stays
 * cancelled; completed only becomes cancelled, a refund or a return).
 */
export type KeepReason = 'older_report' | 'final_status';

/** How an import is run: a preview or applied, and what the member says about the file. */
export interface ImportOptions {
  apply: boolean;
  /** When the export was made (ISO 8601; without a zone, the report region's time). */
  exportedAt?: string;
  /** The file's name as the portal named it: `AffiliateCommissionReport202608201200.csv` was made then (region time). */
  fileName?: string;
  /** The affiliate account the report is of (Shopee affiliate id, Lazada master link code). */
  affiliateId?: string;
}

/** How the time a report was made is known. */
export type MadeAtFrom = 'stated' | 'file_name' | 'upload' | 'pull';

/** The report an import applies: a row of `order_reports`. */
export interface ReportRef {
  id: string | null;
  madeAt: Date;
  madeAtFrom: MadeAtFrom;
  affiliateId: string | null;
}

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
  /**
   * Lines attributed to no link (no link has their sub ids for the same marketplace, region and account): they
   * count for their sub id, and as "unattributed" by link, never in another link's row.
   */
  unattributed: number;
  /** Of those, lines whose sub ids have links of several affiliate accounts: name the file's with `affiliate_id`. */
  ambiguous_account: number;
  /** Lines of the file not written over the stored ones, and why. */
  kept: number;
  kept_by_reason: Partial<Record<KeepReason, number>>;
  /** When the report was made and how that is known, and the account it is of. */
  report: { made_at: string; made_at_from: MadeAtFrom; affiliate_id: string | null };
}

/** A link a line may be attributed to: its id, and the marketplace, region, account and item of its target. */
interface LinkCandidate {
  id: string;
  marketplace: string;
  region: string | null;
  account: string | null;
  itemId: string | null | undefined;
  skuId: string | null | undefined;
}

/** Each sub id's candidate links, as far as one import has read them. */
type LinkCandidates = Map<string, LinkCandidate[]>;

interface Existing {
  line_key: string;
  status: string;
  qty: number;
  gmv: string;
  commission: string;
  net_commission: string;
  currency: string;
  completed_at: Date | null;
  item_id: string;
  report_made_at: Date | null;
}

/**
 * Imports a marketplace report export for a member: received whole first (`receiveReport`: a file on disk, never
 * in memory, before any connection, transaction or lock is taken; an apply reads it through once more before it
 * writes, so a file refused as a whole writes nothing), then read as a stream, each row turned into an order line
 * or a per-row reason, duplicates inside the file resolved (the row with the larger net commission wins: Shopee
 * ships dummy rows with 0 beside the real one), then compared with what is stored, in batches, and, when applied,
 * upserted in one transaction, which lasts the database's work only (the client has sent everything by then) and
 * holds the member's import lock, tried and waited for between tries, never inside a statement: a line already
 * stored is written only when its status or an amount changed. The preview is the same run without the writes, so
 * it says exactly what the apply will do (unless another import lands in between). Imports take turns
 * (`ImportBudget`).
 */
@Injectable()
export class OrderImportService {
  private readonly logger = new Logger(OrderImportService.name);
  /** The UTC purchase days each open transaction wrote lines of (its `order_days` are computed at its end). */
  private readonly touchedDays = new WeakMap<EntityManager, Set<string>>();
  /** The lines each open transaction created and changed, announced once it is committed (`OrderLinesChanged`). */
  private readonly changes = new WeakMap<EntityManager, Changes>();
  private readonly budget: ImportBudget;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly shortLinks: ShortLinkService,
    private readonly clock: Clock,
    @Inject(analyticsConfig.KEY) private readonly config: AnalyticsConfig,
    private readonly events: EventEmitter2,
  ) {
    this.budget = new ImportBudget(config.IMPORT_CONCURRENCY, config.IMPORT_MAX_QUEUED);
  }

  /** Receives and reads a report file. `apply` false: a preview, nothing is written. */
  async importFile(memberId: string, upload: ReportUpload, options: ImportOptions): Promise<ImportSummary> {
    try {
      const file = await receiveReport(upload, {
        maxBytes: this.config.IMPORT_MAX_BYTES,
        maxRatio: this.config.IMPORT_MAX_COMPRESSION_RATIO,
      });
      try {
        return await this.budget.run(memberId, async () => {
          if (!options.apply) return await this.runFile(memberId, file, null, options);
          // The whole file read first: one refused as a whole (unreadable, too many rows) writes nothing.
          for await (const row of this.rowsOf(file)) void row;
          let changes: Changes | undefined;
          const summary = await this.underMemberLock(memberId, async (manager) => {
            const counted = await this.runFile(memberId, file, manager, options);
            changes = this.changes.get(manager);
            return counted;
          });
          await this.announce(memberId, summary, 'csv', changes);
          return summary;
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

  private async runFile(
    memberId: string,
    file: ReceivedReport,
    manager: EntityManager | null,
    options: ImportOptions,
  ): Promise<ImportSummary> {
    const rows = this.rowsOf(file);
    try {
      return await this.run(memberId, rows, manager, options);
    } finally {
      await rows.return(undefined).catch(() => undefined);
    }
  }

  /**
   * `work` in a transaction that holds the member's import lock. The lock is tried, not waited for inside a
   * statement (whose time-out would cut the wait): while another import of the member holds it (another process,
   * the scheduled pull), no connection is held, and it is tried again after a pause, for up to
   * IMPORT_REQUEST_TIMEOUT_MS.
   */
  private async underMemberLock<T>(memberId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.config.IMPORT_REQUEST_TIMEOUT_MS;
    for (let pause = 10; ; pause = Math.min(pause * 2, 500)) {
      const attempt = await this.db.transaction(async (manager) =>
        (await tryLockMemberImports(manager, memberId)) ? { value: await work(manager) } : null,
      );
      if (attempt) return attempt.value;
      if (Date.now() > deadline) {
        throw new AppException('unavailable', 'Another import of yours is still running: try again later', {
          retryAfterSeconds: 30,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Records a report about to be applied (`order_reports`): when it was made and how that is known, the account
   * and region it is of. Its lines remember it.
   */
  async openReport(
    memberId: string,
    values: {
      marketplace: string;
      source: 'csv' | 'api';
      madeAt: Date;
      madeAtFrom: MadeAtFrom;
      fileName?: string;
      affiliateId: string | null;
      region: string | null;
    },
    manager: EntityManager = this.db.manager,
  ): Promise<ReportRef> {
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO order_reports (member_id, marketplace, source, made_at, made_at_from, file_name, affiliate_id, region)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
      [
        memberId,
        values.marketplace,
        values.source,
        values.madeAt,
        values.madeAtFrom,
        values.fileName?.slice(0, 200) ?? null,
        values.affiliateId,
        values.region,
      ],
    );
    return { id: row.id, madeAt: values.madeAt, madeAtFrom: values.madeAtFrom, affiliateId: values.affiliateId };
  }

  /**
   * Lines from another source (the scheduled pull, as the report `report`): compared and upserted as a file's
   * are.
   */
  async importLines(
    memberId: string,
    lines: OrderLine[],
    report: ReportRef,
    manager?: EntityManager,
  ): Promise<ImportSummary> {
    const marketplace = lines[0]?.marketplace ?? 'shopee';
    const summary = emptySummary(marketplace, true, report);
    const known: LinkCandidates = new Map();
    let changes: Changes | undefined;
    const run = async (m: EntityManager) => {
      await lockMemberImports(m, memberId);
      const writes = new WriteQueue();
      // One batch after the other (a pull's pages may repeat a line: the next batch compares with it written).
      for (let i = 0; i < lines.length; i += BATCH) {
        await this.batch(memberId, lines.slice(i, i + BATCH), summary, m, 'api', known, writes, report);
        await writes.drain();
      }
      await this.refreshDays(memberId, m);
      changes = this.changes.get(m);
    };
    summary.rows_read = lines.length;
    if (manager) {
      // The caller's transaction: the caller commits, so the facts are not announced from here.
      await run(manager);
      return summary;
    }
    await this.db.transaction(run);
    await this.announce(memberId, summary, 'api', changes);
    return summary;
  }

  private async run(
    memberId: string,
    rows: AsyncGenerator<string[]>,
    manager: EntityManager | null,
    options: ImportOptions,
  ): Promise<ImportSummary> {
    const first = await rows.next();
    if (first.done) throw new AppException('invalid_request', 'The file is empty');
    const detected = detectLayout(first.value);
    if (!detected.ok) throw new AppException('invalid_request', detected.message);
    const layout: ReportLayout = detected.layout;
    // The report is dated (and recorded) once its currency is known: the header's, or the first line's (Lazada).
    let report: ReportRef | null = null;
    const reportOf = async (currency: string | null): Promise<ReportRef> => {
      if (report) return report;
      const made = this.madeAt(options, currency);
      const values = {
        marketplace: layout.marketplace,
        source: 'csv' as const,
        ...made,
        fileName: options.fileName,
        affiliateId: options.affiliateId ?? null,
        region: currency ? regionOfCurrency(currency) : null,
      };
      report = manager
        ? await this.openReport(memberId, values, manager)
        : { id: null, ...made, affiliateId: values.affiliateId };
      return report;
    };
    const summary = emptySummary(layout.marketplace, manager !== null, null);
    let firstCurrency = layout.currency;
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
      firstCurrency ??= line.currency;
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
        // Already compared in an earlier batch: compared again with what that batch wrote, under the same rules
        // (an older report, a final status), and written (apply), but not counted again.
        if (manager) {
          const ref = await reportOf(firstCurrency);
          await writes.drain();
          const uncounted = emptySummary(layout.marketplace, true, ref);
          await this.batch(memberId, [line], uncounted, manager, 'csv', known, writes, ref);
        }
        continue;
      }
      seen.set(line.lineKey, line.netCommission);
      batch.set(line.lineKey, line);
      if (batch.size >= BATCH) {
        await this.batch(
          memberId,
          [...batch.values()],
          summary,
          manager,
          'csv',
          known,
          writes,
          await reportOf(firstCurrency),
        );
        batch = new Map();
      }
    }
    const ref = await reportOf(firstCurrency);
    if (batch.size > 0) await this.batch(memberId, [...batch.values()], summary, manager, 'csv', known, writes, ref);
    summary.report = reportView(ref);
    await writes.drain();
    if (manager) await this.refreshDays(memberId, manager);
    summary.currencies = [...currencies].sort();
    if (manager) this.logger.log({ member_id: memberId, ...countsOf(summary) }, 'Report imported');
    return summary;
  }

  /**
   * Compares a batch with the stored lines, counts, and (apply) writes the new and changed ones. A stored line set
   * by a report made later than this one is kept (`older_report`), and so is one whose status is final for the
   * marketplace and would move back (`final_status`); a line unchanged is only stamped with this report when it is
   * the newer.
   */
  private async batch(
    memberId: string,
    lines: OrderLine[],
    summary: ImportSummary,
    manager: EntityManager | null,
    source: 'csv' | 'api',
    known: LinkCandidates,
    writes: WriteQueue,
    report: ReportRef,
  ): Promise<void> {
    const runner = manager ?? this.db.manager;
    // First the links: they also name the item of a Lazada line whose report gave only its SKU.
    const links = await this.attribution(memberId, lines, known, report.affiliateId, summary);
    summary.attributed_to_links += lines.filter((l) => links.has(l.lineKey)).length;
    summary.unattributed += lines.filter((l) => !links.has(l.lineKey)).length;
    const existing: Existing[] = await runner.query(
      `SELECT line_key, status, qty, gmv::text, commission::text, net_commission::text, currency, completed_at,
              item_id, report_made_at
         FROM order_lines WHERE member_id = $1 AND marketplace = $2 AND line_key = ANY($3::text[])`,
      [memberId, lines[0].marketplace, lines.map((l) => l.lineKey)],
    );
    const stored = new Map(existing.map((row) => [row.line_key, row]));
    const changed: OrderLine[] = [];
    const stamped: string[] = [];
    for (const line of lines) {
      const before = stored.get(line.lineKey);
      if (!before) {
        summary.new += 1;
        changed.push(line);
      } else if (before.report_made_at && before.report_made_at.getTime() > report.madeAt.getTime()) {
        keep(summary, 'older_report');
      } else if (movesBack(before.status as LineStatus, line.status)) {
        keep(summary, 'final_status');
      } else if (differs(before, line)) {
        summary.updated += 1;
        if (before.status !== line.status) {
          const key = `${before.status}→${line.status}`;
          summary.status_changes[key] = (summary.status_changes[key] ?? 0) + 1;
        }
        changed.push(line);
      } else {
        summary.unchanged += 1;
        if (!before.report_made_at || before.report_made_at.getTime() < report.madeAt.getTime()) {
          stamped.push(line.lineKey);
        }
      }
    }
    if (!manager) return;
    this.remember(manager, changed, stored, links);
    if (changed.length > 0) await writes.add(() => this.write(memberId, changed, manager, source, links, report));
    if (stamped.length > 0 && report.id) {
      await writes.add(() =>
        manager.query(
          `UPDATE order_lines SET report_id = $4, report_made_at = $5
            WHERE member_id = $1 AND marketplace = $2 AND line_key = ANY($3::text[])`,
          [memberId, lines[0].marketplace, stamped, report.id, report.madeAt],
        ),
      );
    }
  }

  /** Keeps the facts of the lines a transaction writes, for `announce` once it is committed. */
  private remember(
    manager: EntityManager,
    changed: OrderLine[],
    stored: Map<string, Existing>,
    links: Map<string, string>,
  ): void {
    if (changed.length === 0) return;
    const changes = this.changes.get(manager) ?? { created: new Map(), updated: new Map() };
    this.changes.set(manager, changes);
    for (const line of changed) {
      const before = stored.get(line.lineKey);
      const fact = orderLineFact(line, before?.status ?? null, links.get(line.lineKey) ?? null);
      // A line written twice in one import (a duplicate row with the larger commission) is announced once.
      if (before && !changes.created.has(line.lineKey)) changes.updated.set(line.lineKey, fact);
      else changes.created.set(line.lineKey, { ...fact, previous_status: null });
    }
  }

  /**
   * Tells the other libs what a committed import did (`OrderLinesChanged`, `ReportImported`). A listener's failure
   * is logged: the lines are imported whatever it does.
   */
  private async announce(
    memberId: string,
    summary: ImportSummary,
    source: 'csv' | 'api',
    changes: Changes | undefined,
  ): Promise<void> {
    try {
      if (changes && (changes.created.size > 0 || changes.updated.size > 0)) {
        await this.events.emitAsync(
          OrderLinesChanged.event,
          new OrderLinesChanged(memberId, [...changes.created.values()], [...changes.updated.values()]),
        );
      }
      await this.events.emitAsync(
        ReportImported.event,
        new ReportImported(memberId, {
          marketplace: summary.marketplace,
          source,
          new: summary.new,
          updated: summary.updated,
          unchanged: summary.unchanged,
          skipped: summary.skipped,
          status_changes: summary.status_changes,
        }),
      );
    } catch (error) {
      this.logger.error(
        { member_id: memberId, error: (error as Error)?.message },
        'A listener of imported orders failed (the import stands)',
      );
    }
  }

  /**
   * Line key → the member's short link it is attributed to: the links made with the line's sub ids for the same
   * marketplace, region (the site of the line's currency) and affiliate account (the report's, when it is named;
   * when it is not, the sub ids' links must all be of one account, or the line stays unattributed and is counted
   * in `ambiguous_account`); among several, the one whose target is the ordered item; a single link takes any item
   * (Shopee pays for any product bought after the click). Other lines stay with their sub id only. A Lazada line
   * whose report named only its SKU takes the item of the link for that SKU, else its SKU. Each sub id's links are
   * read (with the facts stored when each was made) once per import, in `known`: a file repeats its sub ids in every batch.
   */
  private async attribution(
    memberId: string,
    lines: OrderLine[],
    known: LinkCandidates,
    account: string | null,
    summary: ImportSummary | null,
  ): Promise<Map<string, string>> {
    const missing = [...new Set(lines.map((l) => l.subId).filter((s) => s !== '' && !known.has(s)))];
    for (const subId of missing) known.set(subId, []);
    for (const ref of await this.shortLinks.refsBySubIds(memberId, missing)) {
      // What the target is, as stored when the link was made (links of no marketplace take no order).
      if (!ref.facts) continue;
      known.get(ref.sub_id)?.push({
        id: ref.id,
        marketplace: ref.facts.marketplace,
        region: ref.facts.region,
        account: ref.facts.affiliateId,
        itemId: ref.facts.itemId,
        skuId: ref.facts.variantId,
      });
    }
    const result = new Map<string, string>();
    for (const line of lines) {
      const region = regionOfCurrency(line.currency);
      let candidates = (known.get(line.subId) ?? []).filter(
        (link) => link.marketplace === line.marketplace && link.region === region,
      );
      if (line.marketplace === 'lazada' && !line.itemId) {
        line.itemId = candidates.find((link) => link.skuId === line.modelId)?.itemId ?? line.modelId;
      }
      if (account) candidates = candidates.filter((link) => link.account === account);
      else if (new Set(candidates.map((link) => link.account)).size > 1) {
        if (summary) summary.ambiguous_account += 1;
        continue;
      }
      if (candidates.length === 0) continue;
      const sameItem = candidates.find(
        (link) => link.itemId === line.itemId || (link.skuId != null && link.skuId === line.modelId),
      );
      const link = sameItem ?? (candidates.length === 1 ? candidates[0] : undefined);
      if (link) result.set(line.lineKey, link.id);
    }
    return result;
  }

  /**
   * When the report was made: as the member states it (`exported_at`), else the minute in the portal's file name
   * (`…Report202608201200.csv`, the region's time), else the upload's own time.
   */
  private madeAt(options: ImportOptions, currency: string | null): { madeAt: Date; madeAtFrom: MadeAtFrom } {
    if (options.exportedAt) {
      const stated = parseReportTime(options.exportedAt, currency);
      if (!stated) throw new AppException('invalid_request', '`exported_at` is not a time (e.g. 2026-08-20T12:00)');
      return { madeAt: stated, madeAtFrom: 'stated' };
    }
    const named = /(20\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?!\d)/.exec(options.fileName ?? '');
    if (named) {
      const [, y, mo, d, h, mi, sec = '00'] = named;
      const time = parseReportTime(`${y}-${mo}-${d} ${h}:${mi}:${sec}`, currency);
      if (time) return { madeAt: time, madeAtFrom: 'file_name' };
    }
    return { madeAt: this.clock.now(), madeAtFrom: 'upload' };
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
    report: ReportRef,
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
              sub_id, channel, purchased_at, completed_at, clicked_at, short_link_id, source, report_id, report_made_at)
       SELECT $1, v."marketplace", v."lineKey", v."orderId", v."conversionId", v."itemId", v."modelId", v."itemName",
              v."shopId", v."shopName", v."status", v."rawStatus", v."currency", v."qty", v."gmv", v."commission",
              v."netCommission", v."subId", v."channel", v."purchasedAt", v."completedAt", v."clickedAt",
              v."shortLinkId", $3, $4::bigint, $5::timestamptz
         FROM json_to_recordset($2::json) AS v("marketplace" text, "lineKey" text, "orderId" text,
              "conversionId" text, "itemId" text, "modelId" text, "itemName" text, "shopId" text, "shopName" text,
              "status" text, "rawStatus" text, "currency" text, "qty" int, "gmv" numeric, "commission" numeric,
              "netCommission" numeric, "subId" text, "channel" text, "purchasedAt" timestamptz,
              "completedAt" timestamptz, "clickedAt" timestamptz, "shortLinkId" bigint)
       ON CONFLICT (member_id, marketplace, line_key) DO UPDATE SET
              status = EXCLUDED.status, raw_status = EXCLUDED.raw_status, qty = EXCLUDED.qty, gmv = EXCLUDED.gmv,
              commission = EXCLUDED.commission, net_commission = EXCLUDED.net_commission, currency = EXCLUDED.currency,
              completed_at = EXCLUDED.completed_at, item_name = EXCLUDED.item_name, shop_name = EXCLUDED.shop_name,
              sub_id = EXCLUDED.sub_id, channel = EXCLUDED.channel, item_id = EXCLUDED.item_id,
              model_id = EXCLUDED.model_id, short_link_id = EXCLUDED.short_link_id,
              report_id = COALESCE(EXCLUDED.report_id, o.report_id),
              report_made_at = COALESCE(EXCLUDED.report_made_at, o.report_made_at), updated_at = now()`,
      [memberId, JSON.stringify(rows), source, report.id, report.madeAt.toISOString()],
    );
  }
}

/** The lines one transaction created and changed, by line key. */
interface Changes {
  created: Map<string, OrderLineFact>;
  updated: Map<string, OrderLineFact>;
}

function orderLineFact(line: OrderLine, previousStatus: string | null, linkId: string | null): OrderLineFact {
  return {
    marketplace: line.marketplace,
    line_key: line.lineKey,
    order_id: line.orderId,
    item_id: line.itemId,
    model_id: line.modelId,
    item_name: line.itemName,
    shop_id: line.shopId,
    status: line.status,
    previous_status: previousStatus,
    currency: line.currency,
    qty: line.qty,
    gmv: line.gmv,
    commission: line.commission,
    net_commission: line.netCommission,
    sub_id: line.subId,
    link_id: linkId,
    purchased_at: line.purchasedAt.toISOString(),
    completed_at: line.completedAt?.toISOString() ?? null,
  };
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

/** Tries to take the member's import lock until the transaction ends (`lockMemberImports` without the wait). */
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

/**
 * Whether a report would move a line back from a final status: cancelled is final on both marketplaces; completed
 * may still become cancelled (a Shopee item refunded in a completed order, a Lazada return after delivery) but
 * never pending or unpaid again.
 */
function movesBack(from: LineStatus, to: LineStatus): boolean {
  if (from === 'cancelled') return to !== 'cancelled';
  return from === 'completed' && (to === 'pending' || to === 'unpaid');
}

function keep(summary: ImportSummary, reason: KeepReason): void {
  summary.kept += 1;
  summary.kept_by_reason[reason] = (summary.kept_by_reason[reason] ?? 0) + 1;
}

function reportView(report: ReportRef): ImportSummary['report'] {
  return { made_at: report.madeAt.toISOString(), made_at_from: report.madeAtFrom, affiliate_id: report.affiliateId };
}

function differs(before: Existing, line: OrderLine): boolean {
  return (
    before.status !== line.status ||
    before.item_id !== line.itemId ||
    before.qty !== line.qty ||
    before.currency !== line.currency ||
    !new Decimal(before.gmv).equals(line.gmv) ||
    !new Decimal(before.commission).equals(line.commission) ||
    !new Decimal(before.net_commission).equals(line.netCommission) ||
    (before.completed_at?.getTime() ?? null) !== (line.completedAt?.getTime() ?? null)
  );
}

function emptySummary(marketplace: 'shopee' | 'lazada', applied: boolean, report: ReportRef | null): ImportSummary {
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
    unattributed: 0,
    ambiguous_account: 0,
    kept: 0,
    kept_by_reason: {},
    report: report
      ? reportView(report)
      : { made_at: new Date(0).toISOString(), made_at_from: 'upload', affiliate_id: null },
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
