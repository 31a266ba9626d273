import { clickSummaryTable, SummaryTablesMigration } from './summary-tables';

/**
 * The analytics lib's hourly click summary per sub id (`click_sub_hours`: per member, UTC hour, sub id combination
 * and marketplace): the edge hours of a time zone's range beside the daily `click_days` (at most two days of
 * hours, a row per sub id and hour, whatever the number of links), written by the same flush statement as
 * `click_hours` (rule: `click-summaries.ts`, also used here). Filled from `click_hours`. Written by hand.
 */
export class ClickSubHours1795436000000 extends SummaryTablesMigration {
  name = 'ClickSubHours1795436000000';
  protected readonly tables = [clickSummaryTable('click_sub_hours', ['hour', 'sub_id', 'marketplace'])];
}
