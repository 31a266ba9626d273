import { Controller, Get, HttpCode, Inject, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppException, IpRangeList } from '@app/common';
import { CustomDomainService, shortLinksConfig, ShortLinksConfig } from '@app/shortlinks';
import type { Request } from 'express';

/**
 * `GET /internal/tls/allowed?domain=<host>`: the question a TLS front asks before it gets a certificate for a
 * host (Caddy's `on_demand_tls { ask … }`, see docs/operations.md). 200 for our short host and verified custom
 * domains, 404 otherwise; only from TLS_ASK_ALLOWLIST (default loopback), 404 for anyone else too, so the
 * route says nothing to the internet.
 */
@ApiExcludeController()
@Controller('internal/tls')
export class TlsAskController {
  private readonly askers: IpRangeList;

  constructor(
    private readonly domains: CustomDomainService,
    @Inject(shortLinksConfig.KEY) config: ShortLinksConfig,
  ) {
    this.askers = new IpRangeList(config.TLS_ASK_ALLOWLIST);
  }

  @Get('allowed')
  @HttpCode(200)
  async allowed(@Req() req: Request, @Query('domain') domain: unknown): Promise<{ ok: true; domain: string }> {
    if (!this.askers.contains(req.ip)) throw new AppException('not_found', 'Not found');
    if (typeof domain !== 'string' || domain === '') {
      throw new AppException('invalid_request', 'domain is required', { field: 'domain' });
    }
    if (!(await this.domains.servesTls(domain))) {
      throw new AppException('not_found', 'No certificate for this host');
    }
    return { ok: true, domain: domain.toLowerCase() };
  }
}
