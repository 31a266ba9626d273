import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { MemberUsage } from './member-usage.entity';
import { UsageService } from './usage.service';

@Module({
  imports: [TypeOrmModule.forFeature([MemberUsage]), ClockModule],
  providers: [UsageService],
  exports: [UsageService],
})
export class UsageModule {}
