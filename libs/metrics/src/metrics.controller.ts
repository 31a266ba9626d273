import { Controller, Get, Header, Req, Res, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppException } from '@app/common';
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
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(metricsConfig.KEY) private readonly config: MetricsConfig,
  ) {}

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
