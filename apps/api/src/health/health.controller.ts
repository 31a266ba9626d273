import { applyDecorators, Controller, Get } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  type ApiPropertyOptions,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ErrorResponseDto, ShutdownState } from '@app/common';
import { RedisConnections } from '@app/messaging';
import type { DataSource } from 'typeorm';

const REDIS_PING_TIMEOUT_MS = 1000;

class LivenessDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

const CHECKS: ApiPropertyOptions = {
  type: 'object',
  description: 'By check (`shutdown`, `database`, `migrations`, `redis`): `{ status: "up" }` or down with a message',
  additionalProperties: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string', enum: ['up', 'down'] }, message: { type: 'string' } },
  },
};

class ReadinessDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
  @ApiProperty(CHECKS) info!: Record<string, { status: string }>;
  @ApiProperty(CHECKS) error!: Record<string, { status: string }>;
  @ApiProperty(CHECKS) details!: Record<string, { status: string }>;
}

/** A readiness route: its OpenAPI description (one operationId per path) and terminus's no-cache header. */
const Readiness = (operationId: string, summary: string) =>
  applyDecorators(
    ApiOperation({ operationId, security: [], summary }),
    ApiOkResponse({ type: ReadinessDto }),
    ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'unavailable: take it out of the pool' }),
    HealthCheck({ noCache: true, swaggerDocumentation: false }),
  );

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
  @ApiOperation({ operationId: 'getLiveness', security: [], summary: 'Liveness: the process answers' })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @Readiness('getReadiness', 'Readiness: database, Redis (when configured), migrations done, not shutting down')
  ready() {
    return this.check();
  }

  /** The readiness check under its older path. */
  @Get()
  @Readiness('getHealth', 'Readiness (the same as GET /health/ready)')
  readyAlias() {
    return this.check();
  }

  private check() {
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
