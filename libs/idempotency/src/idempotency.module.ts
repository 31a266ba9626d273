import { Module } from '@nestjs/common';
import { ClockModule } from '@app/common';
import { Idempotency, IdempotencyInterceptor } from './idempotency.interceptor';

/** `Idempotency-Key` on the creating routes: the interceptor and its table. */
@Module({
  imports: [ClockModule],
  providers: [Idempotency, IdempotencyInterceptor],
  exports: [Idempotency, IdempotencyInterceptor],
})
export class IdempotencyModule {}
