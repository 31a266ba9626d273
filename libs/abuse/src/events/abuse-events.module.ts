import { Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import type { DataSource } from 'typeorm';
import { AbuseEvent } from './abuse-event.entity';
import { AbuseEvents, AbuseEventWriter, TypeOrmAbuseEventWriter } from './abuse-events.service';

/** The abuse log's writer alone (the CLI records its events with it); part of `AbuseModule`. */
@Module({
  imports: [TypeOrmModule.forFeature([AbuseEvent]), ClockModule],
  providers: [
    {
      provide: AbuseEventWriter,
      inject: [getDataSourceToken()],
      useFactory: (db: DataSource) => new TypeOrmAbuseEventWriter(db),
    },
    AbuseEvents,
  ],
  exports: [AbuseEvents],
})
export class AbuseEventsModule {}
