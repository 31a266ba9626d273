import type { MigrationInterface } from 'typeorm';
import { IdempotencyKeys1795462000000 } from './1795462000000-IdempotencyKeys';

/** The idempotency lib's migrations, oldest first. */
export const IDEMPOTENCY_MIGRATIONS: Array<new () => MigrationInterface> = [IdempotencyKeys1795462000000];
