import { clickSummaryTable, SummaryTablesMigration } from './summary-tables';

/**
 * The analytics lib's hourly click summary per member (`click_member_hours`: a timeseries or a count in any time
 * zone reads 24 rows a day per marketplace) and daily click summary per link (`click_link_days`: grouped by link or
 * item, one row per link and day instead of one per link, hour and combination of dimensions), written by the
 * same flush statement as `click_hours` (their rule: `click-summaries.ts`, also used here). Filled from
 * `click_hours` for the clicks already recorded. Written by hand.
 */
export class ClickSummaries1795435000000 extends SummaryTablesMigration {
  name = 'ClickSummaries1795435000000';
  protected readonly tables = [
    clickSummaryTable('click_member_hours', ['hour', 'marketplace']),
    clickSummaryTable('click_link_days', ['day', 'short_link_id'], ['sub_id', 'marketplace', 'item_id']),
  ];
}
