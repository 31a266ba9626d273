import type { MigrationInterface } from 'typeorm';
import { OrderLines1795430000000 } from './1795430000000-OrderLines';
import { ClickHours1795431000000 } from './1795431000000-ClickHours';
import { ReportSyncs1795432000000 } from './1795432000000-ReportSyncs';
import { ClickDays1795433000000 } from './1795433000000-ClickDays';
import { OrderDays1795434000000 } from './1795434000000-OrderDays';
import { ClickSummaries1795435000000 } from './1795435000000-ClickSummaries';
import { ClickSubHours1795436000000 } from './1795436000000-ClickSubHours';
import { OrderMemberHours1795437000000 } from './1795437000000-OrderMemberHours';
import { ClickWeeks1795438000000 } from './1795438000000-ClickWeeks';
import { OrderWeeks1795439000000 } from './1795439000000-OrderWeeks';
import { ClickDimensionHours1795440000000 } from './1795440000000-ClickDimensionHours';
import { OrderReports1795441000000 } from './1795441000000-OrderReports';

/** The analytics lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const ANALYTICS_MIGRATIONS: Array<new () => MigrationInterface> = [
  OrderLines1795430000000,
  ClickHours1795431000000,
  ReportSyncs1795432000000,
  ClickDays1795433000000,
  OrderDays1795434000000,
  ClickSummaries1795435000000,
  ClickSubHours1795436000000,
  OrderMemberHours1795437000000,
  ClickWeeks1795438000000,
  OrderWeeks1795439000000,
  ClickDimensionHours1795440000000,
  OrderReports1795441000000,
];
