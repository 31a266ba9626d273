import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '@app/common';
import { MemberUsage } from './member-usage.entity';
import { UsageService } from './usage.service';

@Module({
  imports: [TypeOrmModule.forFeature([MemberUsage])],
  providers: [UsageService, Clock],
  exports: [UsageService],
})
export class UsageModule {}
