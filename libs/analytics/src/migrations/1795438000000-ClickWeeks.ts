import { clickSummaryTable, SummaryTablesMigration } from './summary-tables';

/**
 * The analytics lib's weekly click summaries, `click_weeks` (per member, UTC week, sub id combination and
 * marketplace) and `click_link_weeks` (per member, UTC week and link, with the link's sub ids, marketplace and
 * item): the daily `click_days` and `click_link_days` per week (from Monday, keyed by the date of its Monday), so a
 * long range reads a row per key and whole week, and only its edge days and hours from the daily and hourly
 * summaries. Written by the same flush statement as `click_hours` (rule: `click-summaries.ts`, also used here).
 * Filled from `click_hours`. Written by hand.
 */
export class ClickWeeks1795438000000 extends SummaryTablesMigration {
  name = 'ClickWeeks1795438000000';
  protected readonly tables = [
    clickSummaryTable('click_weeks', ['week', 'sub_id', 'marketplace']),
    clickSummaryTable('click_link_weeks', ['week', 'short_link_id'], ['sub_id', 'marketplace', 'item_id']),
  ];
}
