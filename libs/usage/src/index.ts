export { MemberUsage } from './member-usage.entity';
export { UsageModule } from './usage.module';
export { UsageReport } from './usage-report.service';
export { UsageService } from './usage.service';
export { usageConfig } from './usage.config';
export { USAGE_MIGRATIONS } from './migrations';
