export { MemberUsage } from './member-usage.entity';
export { UsageModule } from './usage.module';
export { UsageService, type UsageFigures } from './usage.service';
export { UsageConfig, usageConfig } from './usage.config';
