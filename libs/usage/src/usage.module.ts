import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { MembersModule } from '@app/members';
import { MemberUsage } from './member-usage.entity';
import { UsageReport } from './usage-report.service';
import { UsageService } from './usage.service';

@Module({
  imports: [TypeOrmModule.forFeature([MemberUsage]), ClockModule, MembersModule],
  providers: [UsageService, UsageReport],
  exports: [UsageService, UsageReport],
})
export class UsageModule {}
