import { clickSummaryTable, SummaryTablesMigration } from './summary-tables';

/**
 * The analytics lib's hourly click summaries per value of a dimension (`click_country_hours`, `click_device_hours`,
 * `click_os_hours`, `click_browser_hours`, `click_referrer_hours`: per member, UTC hour, marketplace and value, the
 * value's column typed as in `click_hours`): a grouping by one of them in any time zone reads a row per value and
 * hour instead of every `click_hours` row. Written by the same flush statement as `click_hours` and moved by the
 * retention with it (rule: `click-summaries.ts`, also used here). Filled from `click_hours`. Written by hand.
 */
export class ClickDimensionHours1795440000000 extends SummaryTablesMigration {
  name = 'ClickDimensionHours1795440000000';
  protected readonly tables = [
    clickSummaryTable('click_country_hours', ['hour', 'marketplace', 'country']),
    clickSummaryTable('click_device_hours', ['hour', 'marketplace', 'device']),
    clickSummaryTable('click_os_hours', ['hour', 'marketplace', 'os']),
    clickSummaryTable('click_browser_hours', ['hour', 'marketplace', 'browser']),
    clickSummaryTable('click_referrer_hours', ['hour', 'marketplace', 'referrer']),
  ];
}
