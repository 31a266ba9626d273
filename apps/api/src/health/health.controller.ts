import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RedisConnections, ShutdownState } from '@app/common';
import type { DataSource } from 'typeorm';

const REDIS_PING_TIMEOUT_MS = 1000;

/**
 * `GET /health/live`: the process answers (restart it when this fails). `GET /health/ready` (and `/health`,
 * kept as ready): the database answers, Redis too when REDIS_URL is set, every migration has run, and the
 * instance is not shutting down; a 503 `unavailable` in the envelope otherwise (take it out of the pool).
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  private migrationsDone = false;

  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicator: HealthIndicatorService,
    private readonly redis: RedisConnections,
    private readonly shutdown: ShutdownState,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get(['', 'ready'])
  @ApiOperation({ summary: 'Readiness: database, Redis (when configured), migrations done, not shutting down' })
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.serving(),
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () => this.migrations(),
      ...(this.redis.client ? [() => this.redisPing()] : []),
    ]);
  }

  private serving() {
    const session = this.indicator.check('shutdown');
    return this.shutdown.closing ? session.down({ message: 'shutting down' }) : session.up();
  }

  private async migrations() {
    const session = this.indicator.check('migrations');
    if (!this.migrationsDone) {
      try {
        this.migrationsDone = !(await this.dataSource.showMigrations());
      } catch {
        return session.down({ message: 'could not read the migrations table' });
      }
    }
    return this.migrationsDone ? session.up() : session.down({ message: 'migrations pending' });
  }

  private async redisPing() {
    const session = this.indicator.check('redis');
    const client = this.redis.client!;
    if (client.status !== 'ready') return session.down({ message: 'not connected' });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), REDIS_PING_TIMEOUT_MS).unref(),
    );
    try {
      await Promise.race([client.ping(), timeout]);
      return session.up();
    } catch {
      return session.down({ message: 'no answer to PING' });
    }
  }
}
