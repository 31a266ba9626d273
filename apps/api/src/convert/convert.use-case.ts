import { Injectable } from '@nestjs/common';
import { LinkBudgets } from '@app/abuse';
import type { Request } from 'express';
import { ConvertRequestDto, ConvertResult, TextConverter } from '@app/conversion';
import type { Principal } from '@app/credentials';
import { UsageService } from '@app/usage';

/** The convert body without the (deprecated) body credentials: what both convert routes act on. */
export type ConvertBody = Pick<ConvertRequestDto, 'content' | 'mode' | 'affiliate_id' | 'sub_ids'>;

/**
 * The api's convert use-case: one conversion for an authenticated caller, the same for `POST /api/convert`
 * (key + token) and the account page's playground (`POST /account/convert`, session). It adds to the conversion
 * lib's `TextConverter` what a member's call needs: the member's defaults, the link budgets (charged once the links
 * are found, before any is converted) and the usage count.
 */
@Injectable()
export class ConvertUseCase {
  constructor(
    private readonly conversion: TextConverter,
    private readonly usage: UsageService,
    private readonly linkBudgets: LinkBudgets,
  ) {}

  /** `req`: the call's request, whose rate-limit headers gain the link budgets. */
  async convert(body: ConvertBody, principal: Principal, req?: Request): Promise<ConvertResult> {
    const result = await this.conversion.convert(
      {
        content: body.content,
        mode: body.mode,
        affiliateId: body.affiliate_id,
        // The member's saved sub ids apply only when the request sends none (an empty array means none).
        subIds: body.sub_ids ?? principal.defaultSubIds,
      },
      principal,
      (links) => this.linkBudgets.charge(principal, links, req),
    );
    // In memory only: the counters reach the database off the request path (UsageService).
    this.usage.record(principal.memberId, result.summary.total);
    return result;
  }
}
