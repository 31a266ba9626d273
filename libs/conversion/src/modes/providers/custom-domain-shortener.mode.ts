import { Injectable } from '@nestjs/common';
import { requireScope } from '@app/credentials';
import { AppException } from '@app/common';
import { CustomDomainService, ShortLinkService, ShortLinkUrls } from '@app/shortlinks';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import type { LinkOutcome } from '../item-error';
import { ModeContext, ModeProvider } from '../mode-provider';
import { AffiliateMode } from './affiliate.mode';
import { shortenAffiliateLinks } from './own-shortener.mode';

/**
 * `custom_domain_shortener`: the short link on the member's verified custom domain (the first one verified).
 * Pro plan only (403 `plan_required`); without a verified domain the request fails with 403 `not_configured`.
 */
@Injectable()
export class CustomDomainShortenerMode extends ModeProvider {
  readonly mode = 'custom_domain_shortener' as const;

  constructor(
    private readonly affiliate: AffiliateMode,
    private readonly marketplaces: Marketplaces,
    private readonly shortLinks: ShortLinkService,
    private readonly urls: ShortLinkUrls,
    private readonly domains: CustomDomainService,
  ) {
    super();
  }

  override async authorize(context: ModeContext): Promise<void> {
    requireScope(context.principal, 'links:write');
    await this.domainFor(context);
  }

  async convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]> {
    const { affiliate, marketplaces, shortLinks, urls } = this;
    const domain = await this.domainFor(context);
    return shortenAffiliateLinks(links, context, domain, { affiliate, marketplaces, shortLinks, urls });
  }

  private async domainFor(context: ModeContext): Promise<string> {
    if (context.principal.plan !== 'pro') {
      throw new AppException('plan_required', 'custom_domain_shortener needs the Pro plan');
    }
    const domain = await this.domains.verifiedDomainFor(context.principal.memberId);
    if (!domain) {
      throw new AppException(
        'not_configured',
        'custom_domain_shortener needs a verified custom domain: add one in your account area',
      );
    }
    return domain;
  }
}
