import { Injectable } from '@nestjs/common';
import { LinkBudgets } from '@app/abuse';
import type { Request } from 'express';
import {
  type ConvertAnswer,
  type ConvertReply,
  ConvertRequestDto,
  ConvertResponder,
  ConvertResult,
  TextConverter,
} from '@app/conversion';
import type { Principal } from '@app/credentials';
import { ProductDetailsService, productTimeout, type ProductLink, type ProductOutcome } from '@app/products';
import { UsageService } from '@app/usage';

/** The convert body without the (deprecated) body credentials: what both convert routes act on. */
export type ConvertBody = Pick<ConvertRequestDto, 'content' | 'mode' | 'affiliate_id' | 'sub_ids' | 'include'>;

/**
 * The api's convert use-case: one conversion for an authenticated caller, the same for `POST /api/convert`
 * (key + token) and the account page's playground (`POST /account/convert`, session). It adds to the conversion
 * lib's `TextConverter` what a member's call needs: the member's defaults, the link budgets (charged once the links
 * are found, before any is converted) and the usage count.
 * With `include: ["product"]`, the product details of each item, waited for at most PRODUCT_DETAILS_BUDGET_MS once
 * the links are converted.
 */
@Injectable()
export class ConvertUseCase {
  constructor(
    private readonly conversion: TextConverter,
    private readonly usage: UsageService,
    private readonly linkBudgets: LinkBudgets,
    private readonly products: ProductDetailsService,
    private readonly responder: ConvertResponder,
  ) {}

  /**
   * What a conversion route sends (`POST /api/convert`, the playground): `answer`, a large text in its turn and a
   * large answer serialised in slices (`ConvertResponder`).
   */
  respond(body: ConvertBody, principal: Principal, req: Request): Promise<ConvertReply> {
    return this.responder.respond(body.content, req, () => this.answer(body, principal, req));
  }

  /** `req`: the call's request, whose rate-limit headers gain the link budgets. The answer with its items. */
  async convert(body: ConvertBody, principal: Principal, req?: Request): Promise<ConvertResult> {
    const result = await this.conversion.convert(this.input(body, principal), principal, this.admit(principal, req));
    return this.finish(result, body, principal);
  }

  /**
   * As `convert`, for the routes that send the answer as JSON: a large text of a mode a worker thread converts
   * comes back already serialised (`TextConverter.answer`), unless the call asks for product details.
   */
  async answer(body: ConvertBody, principal: Principal, req?: Request): Promise<ConvertAnswer> {
    if (wantsProducts(body)) return this.convert(body, principal, req);
    const answer = await this.conversion.answer(this.input(body, principal), principal, this.admit(principal, req));
    if (!('items' in answer)) {
      this.usage.record(principal.memberId, answer.summary.total);
      return answer;
    }
    return this.finish(answer, body, principal);
  }

  private input(body: ConvertBody, principal: Principal) {
    return {
      content: body.content,
      mode: body.mode,
      affiliateId: body.affiliate_id,
      // The member's saved sub ids apply only when the request sends none (an empty array means none).
      subIds: body.sub_ids ?? principal.defaultSubIds,
    };
  }

  /** The link budgets, charged once the links are found, before any is converted. */
  private admit(principal: Principal, req?: Request) {
    return (links: number) => this.linkBudgets.charge(principal, links, req);
  }

  private async finish(result: ConvertResult, body: ConvertBody, principal: Principal): Promise<ConvertResult> {
    // In memory only: the counters reach the database off the request path (UsageService).
    this.usage.record(principal.memberId, result.summary.total);
    if (wantsProducts(body) && result.items.length > 0) await this.addProducts(result, principal);
    return result;
  }

  /**
   * Gives each item `product` or `product_error`, within the budget: short links the mode did not resolve are
   * resolved (same resolver and cache as convert), then the details looked up; what is not there in time answers
   * `product_timeout`.
   */
  private async addProducts(result: ConvertResult, principal: Principal): Promise<void> {
    const started = Date.now();
    const budgetMs = this.products.budgetMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), budgetMs)));
    const resolving = this.conversion.linkTargets(result.items.map((item) => item.input));
    resolving.catch(() => undefined);
    const targets = await Promise.race([resolving, deadline]).finally(() => clearTimeout(timer));
    if (!targets) {
      for (const item of result.items) item.product_error = productTimeout();
      return;
    }
    const inputs = [...new Set(result.items.map((item) => item.input))];
    const readable = inputs.filter((input) => targets.get(input)?.ok);
    const links = readable.map((input) => (targets.get(input) as { link: ProductLink }).link);
    const remaining = Math.max(0, budgetMs - (Date.now() - started));
    const found = await this.products.detailsFor(links, principal.memberId, remaining);
    const outcomes = new Map<string, ProductOutcome>(readable.map((input, i) => [input, found[i]]));
    for (const item of result.items) {
      const outcome = outcomes.get(item.input);
      if (outcome?.ok) item.product = outcome.product;
      else if (outcome) item.product_error = outcome.error;
      else {
        const target = targets.get(item.input);
        item.product_error = {
          code: 'product_unsupported',
          message: target && !target.ok ? `No product details: ${target.error.message}` : 'Not a product link',
        };
      }
    }
  }
}

function wantsProducts(body: ConvertBody): boolean {
  return body.include?.includes('product') ?? false;
}
