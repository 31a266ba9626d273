import { Controller, Get, Header, Inject, Logger, OnApplicationBootstrap, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppException, commonConfig, type CommonConfig } from '@app/common';
import type { Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { Metrics } from './metrics.service';
import { metricsConfig, MetricsConfig } from './metrics.config';

/**
 * `GET /metrics` in the Prometheus text format, on the api and on the standalone redirector. With METRICS_TOKEN
 * set it needs `Authorization: Bearer <token>`; with METRICS_ENABLED=false it is a 404 like any unknown path.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly metrics: Metrics,
    @Inject(metricsConfig.KEY) private readonly config: MetricsConfig,
    @Inject(commonConfig.KEY) private readonly common: CommonConfig,
  ) {}

  /** In production, an open `/metrics` (no METRICS_TOKEN) is said at start: it shows traffic and member activity. */
  onApplicationBootstrap(): void {
    if (this.common.NODE_ENV === 'production' && this.config.METRICS_ENABLED && !this.config.METRICS_TOKEN) {
      this.logger.warn(
        'GET /metrics is public: set METRICS_TOKEN (scrapers send Authorization: Bearer <token>), or ' +
          'METRICS_ENABLED=false, or keep /metrics off the public network at the proxy',
      );
    }
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.config.METRICS_ENABLED) throw new AppException('not_found', 'Not found');
    const token = this.config.METRICS_TOKEN;
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppException('unauthenticated', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    const { contentType, body } = await this.metrics.render();
    res.type(contentType).send(body);
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
