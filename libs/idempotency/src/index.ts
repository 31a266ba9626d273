export { IdempotencyModule } from './idempotency.module';
export { Idempotency, Idempotent, IdempotencyKeyHeader } from './idempotency.interceptor';
export { IDEMPOTENCY_MIGRATIONS } from './migrations';
export { spoolBody } from './spooled-body';
