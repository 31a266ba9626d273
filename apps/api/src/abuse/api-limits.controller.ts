import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { LINK_BUDGET_NAMES, LinkBudgets, rateLimitStatesOf, THROTTLER_NAMES } from '@app/abuse';
import { OkTrue } from '@app/common';
import { ShortLinkService } from '@app/shortlinks';
import type { AuthenticatedRequest } from '@app/credentials';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';

class RateLimitStateDto {
  @ApiProperty({
    enum: [...THROTTLER_NAMES, ...LINK_BUDGET_NAMES],
    description:
      '`per_key` and `per_member` count requests; `links_per_key` and `links_per_member` count links converted',
  })
  name!: string;
  @ApiProperty({ example: 60 }) limit!: number;
  @ApiProperty({ example: 60 }) window_seconds!: number;
  @ApiProperty({ example: 59 }) remaining!: number;
  @ApiProperty({ example: 42, description: 'Seconds until the window resets' }) reset_seconds!: number;
}

class ShortLinkQuotaDto {
  @ApiProperty({ example: 1000, description: 'New short links per UTC day on your plan' }) per_day!: number;
  @ApiProperty({ example: 12, description: 'New short links made today (UTC)' }) today!: number;
  @ApiProperty({ example: 10000, description: 'Short links in all on your plan' }) total_limit!: number;
  @ApiProperty({ example: 340, description: 'Short links you have' }) total!: number;
  @ApiProperty({ description: 'When the daily quota starts afresh (next UTC midnight)' }) day_resets_at!: Date;
}

class ApiLimitsDto {
  @OkTrue() ok!: true;
  @ApiProperty({ enum: ['free', 'pro'] }) plan!: string;
  @ApiProperty({ type: [RateLimitStateDto] }) limits!: RateLimitStateDto[];
  @ApiProperty({
    type: ShortLinkQuotaDto,
    description:
      'Your short-link quotas: past one, 429 `quota_exceeded`; a link made again is reused and counts nothing',
  })
  short_links!: ShortLinkQuotaDto;
}

@ApiTags('convert')
@Controller('api')
export class ApiLimitsController {
  constructor(
    private readonly linkBudgets: LinkBudgets,
    private readonly shortLinks: ShortLinkService,
  ) {}

  @Get('limits')
  @KeyAndTokenRoute({ ok: { type: ApiLimitsDto } })
  @ApiOperation({
    operationId: 'getLimits',
    summary: 'Your rate limits and what is left of them',
    description:
      'The same numbers as the `RateLimit-Policy` and `RateLimit` headers, as JSON: the request limits and the ' +
      'link budgets (links converted per window). Like every API call it counts against the request limits it ' +
      'reports; it converts no link. Also your short-link quotas (new links per day, links in all) and their use.',
  })
  async limits(@Req() req: AuthenticatedRequest): Promise<ApiLimitsDto> {
    const [links, shortLinks] = await Promise.all([
      this.linkBudgets.peek(req.principal),
      this.shortLinks.quotaUsage(req.principal.memberId, req.principal.plan),
    ]);
    return {
      ok: true,
      plan: req.principal.plan,
      limits: [...rateLimitStatesOf(req), ...links].map((state) => ({
        name: state.name,
        limit: state.limit,
        window_seconds: state.windowSeconds,
        remaining: state.remaining,
        reset_seconds: state.resetSeconds,
      })),
      short_links: shortLinks,
    };
  }
}
