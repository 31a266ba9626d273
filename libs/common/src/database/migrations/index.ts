import type { MigrationInterface } from 'typeorm';
import { Initial1795384643355 } from './1795384643355-Initial';
import { AccountArea1795386219886 } from './1795386219886-AccountArea';
import { AbuseModule1795386588821 } from './1795386588821-AbuseModule';
import { ResolvedLinks1795386790333 } from './1795386790333-ResolvedLinks';
import { MarketplaceSettings1795390000000 } from './1795390000000-MarketplaceSettings';
import { ShortLinks1795400000000 } from './1795400000000-ShortLinks';
import { OutboundLinks1795410000000 } from './1795410000000-OutboundLinks';
import { AbuseEventsNoTruncate1795414000000 } from './1795414000000-AbuseEventsNoTruncate';
import { ClickTotalsFromDays1795420000000 } from './1795420000000-ClickTotalsFromDays';
import { ShortLinkSubId1795421000000 } from './1795421000000-ShortLinkSubId';
import { UsageHours1795422000000 } from './1795422000000-UsageHours';
import { OrderLines1795430000000 } from './1795430000000-OrderLines';
import { ClickHours1795431000000 } from './1795431000000-ClickHours';
import { ReportSyncs1795432000000 } from './1795432000000-ReportSyncs';
import { ClickDays1795433000000 } from './1795433000000-ClickDays';
import { OrderDays1795434000000 } from './1795434000000-OrderDays';

/** Every migration, in order. A new migration is generated into this folder and added here. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  Initial1795384643355,
  AccountArea1795386219886,
  AbuseModule1795386588821,
  ResolvedLinks1795386790333,
  MarketplaceSettings1795390000000,
  ShortLinks1795400000000,
  OutboundLinks1795410000000,
  AbuseEventsNoTruncate1795414000000,
  ClickTotalsFromDays1795420000000,
  ShortLinkSubId1795421000000,
  UsageHours1795422000000,
  OrderLines1795430000000,
  ClickHours1795431000000,
  ReportSyncs1795432000000,
  ClickDays1795433000000,
  OrderDays1795434000000,
];
