export { ClickRetention } from '../clicks/click-retention';
export { ClickRecorder } from '../clicks/click-recorder';
/** The order figures' SQL and summaries: the analytics bench seeds them as the import keeps them. */
export { ORDER_SUMMARY_TABLES, orderFigures, orderSummaryInsert } from '../query/order-figures';
/** The click summaries' rule: the analytics bench and tests fill them from `click_hours` as the flush would. */
export { CLICK_SUMMARY_TABLES, summaryUpsert } from '../clicks/click-summaries';
