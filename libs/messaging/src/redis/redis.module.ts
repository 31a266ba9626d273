import { Module } from '@nestjs/common';
import { RedisConnections } from './redis-connections';

/**
 * The process's Redis connections (`RedisConnections`). Not global: a module whose providers use Redis imports
 * it, so the dependency shows in its imports; Nest makes one instance per process however many modules import it.
 */
@Module({ providers: [RedisConnections], exports: [RedisConnections] })
export class RedisModule {}
