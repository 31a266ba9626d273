import type { MigrationInterface, QueryRunner } from 'typeorm';
import { summaryUpsert, type ClickSummaryTable } from '../clicks/click-summaries';
import { orderSummaryInsert, type OrderSummaryTable } from '../query/order-figures';

/**
 * The summary tables' migrations, written from one definition: a summary is a member's rows (deleted with the
 * member) keyed by some of the detail's columns, typed as the detail has them, with its sums. Released migrations
 * run the SQL they ran when released: change nothing here that one of them uses, add what a new one needs.
 */

/** A summary table: its `CREATE TABLE`, and the statement filling it from the rows already recorded. */
export interface SummaryTable {
  name: string;
  create: string;
  fill: string;
}

/** The period of a summary's rows (a week is the date of its Monday). */
const PERIODS: Record<string, string> = {
  hour: 'TIMESTAMP WITH TIME ZONE NOT NULL',
  day: 'date NOT NULL',
  week: 'date NOT NULL',
};

/** The text columns of `click_hours` a click summary copies, by their length (an unknown value is ''). */
const CLICK_TEXT_LENGTHS: Record<string, number> = {
  sub_id: 300,
  marketplace: 16,
  item_id: 64,
  country: 2,
  device: 16,
  os: 32,
  browser: 32,
  referrer: 253,
};

function clickColumn(name: string): string {
  if (name in PERIODS) return PERIODS[name];
  if (name === 'short_link_id') return 'bigint NOT NULL';
  return `character varying(${CLICK_TEXT_LENGTHS[name]}) NOT NULL DEFAULT ''`;
}

/** The columns of an order summary beside its period, as `order_lines` has them. */
const ORDER_COLUMNS: Record<string, string> = {
  sub_id: `character varying(300) NOT NULL DEFAULT ''`,
  marketplace: 'character varying(16) NOT NULL',
  currency: 'character(3) NOT NULL',
};
/** The order figures (`orderFigures`): counts of orders, then sums of money. */
const ORDER_FIGURES = ['orders', 'all_orders']
  .map((name) => `"${name}" integer NOT NULL DEFAULT 0`)
  .concat(['gmv', 'pending', 'completed', 'cancelled'].map((name) => `"${name}" numeric NOT NULL DEFAULT 0`));

/** `CREATE TABLE` of a member's rows keyed by `member_id` and `keys`: its columns, then its sums. */
function memberTable(table: string, keys: string[], columns: string[], sums: string[]): string {
  const primaryKey = ['member_id', ...keys].map((name) => `"${name}"`).join(', ');
  const lines = [
    '"member_id" uuid NOT NULL',
    ...columns,
    ...sums,
    `CONSTRAINT "PK_${table}" PRIMARY KEY (${primaryKey})`,
    `CONSTRAINT "FK_${table}_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE`,
  ];
  return `CREATE TABLE "${table}" (\n${lines.map((line) => `      ${line}`).join(',\n')}\n    )`;
}

/**
 * A click summary per member and `keys` (and one value of each of `facts` per key), with the clicks of people and
 * of bots, filled from `click_hours` by its flush rule (`summaryUpsert`).
 */
export function clickSummaryTable(name: ClickSummaryTable, keys: string[], facts: string[] = []): SummaryTable {
  const columns = [...keys, ...facts].map((column) => `"${column}" ${clickColumn(column)}`);
  const sums = ['clicks', 'bot_clicks'].map((column) => `"${column}" bigint NOT NULL DEFAULT 0`);
  return { name, create: memberTable(name, keys, columns, sums), fill: summaryUpsert(name, '"click_hours"') };
}

/**
 * An order summary per member, `keys` (its period first) and currency, with the order figures, filled by the
 * import's rule (`orderSummaryInsert`).
 */
export function orderSummaryTable(name: OrderSummaryTable, keys: string[]): SummaryTable {
  const [period, ...others] = keys;
  const columns = [
    `"${period}" ${PERIODS[period]}`,
    ...[...others, 'currency'].map((c) => `"${c}" ${ORDER_COLUMNS[c]}`),
  ];
  const create = memberTable(name, [...keys, 'currency'], columns, ORDER_FIGURES);
  return { name, create, fill: orderSummaryInsert(name, 'true') };
}

/** A migration that creates summary tables and fills them from the rows already recorded; `down` drops them. */
export abstract class SummaryTablesMigration implements MigrationInterface {
  abstract readonly name: string;
  protected abstract readonly tables: SummaryTable[];

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of this.tables) await queryRunner.query(table.create);
    // A fill reads every row of the detail (minutes at tens of millions): not bound by the service's statement
    // time-out (this migration's own transaction only).
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    for (const table of this.tables) await queryRunner.query(table.fill);
    // Their statistics now: the first queries on a large fill would otherwise be planned on none.
    await queryRunner.query(this.tables.map((table) => `ANALYZE "${table.name}"`).join('; '));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...this.tables].reverse()) await queryRunner.query(`DROP TABLE "${table.name}"`);
  }
}
