import { Injectable } from '@nestjs/common';
import { requireScope } from '@app/credentials';
import { OWN_DOMAIN, ShortLinkService, ShortLinkUrls } from '@app/shortlinks';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import { failed, type LinkOutcome } from '../item-error';
import { ModeContext, ModeProvider } from '../mode-provider';
import { AffiliateMode } from './affiliate.mode';

/**
 * What the two shortener modes share: the `affiliate` mode makes each link's affiliate link (its per-link
 * failures stay per link), then every affiliate link of the request gets its short code on `domain` in one
 * database round trip (the same member + domain + target keeps its code). Only marketplace links are ever
 * shortened: an affiliate link that is not one of the link's own marketplace fails that link.
 */
export async function shortenAffiliateLinks(
  links: readonly ParsedLink[],
  context: ModeContext,
  domain: string,
  deps: { affiliate: AffiliateMode; marketplaces: Marketplaces; shortLinks: ShortLinkService; urls: ShortLinkUrls },
): Promise<LinkOutcome[]> {
  const affiliate = await deps.affiliate.convert(links, context);
  const outcomes = affiliate.map((outcome, i): LinkOutcome => {
    if (!outcome.ok) return outcome;
    const target = deps.marketplaces.identify(outcome.output);
    return target && target.marketplace === links[i].marketplace
      ? outcome
      : failed('invalid_link', 'Only marketplace links can be shortened');
  });
  const targets = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.output] : []));
  if (targets.length === 0) return outcomes;
  // The sub ids as Shopee joins them: the label of the link's clicks per sub id on the account page.
  const subId = context.subIds.join('-');
  const { memberId, plan } = context.principal;
  const codes = await deps.shortLinks.shorten(memberId, domain, targets, subId, plan);
  return outcomes.map((outcome) =>
    outcome.ok ? { ok: true, output: deps.urls.url(domain, codes.get(outcome.output)!) } : outcome,
  );
}

/** `own_shortener`: our short link (`SHORT_LINK_BASE_URL/<code>`) to the affiliate link. Every plan. */
@Injectable()
export class OwnShortenerMode extends ModeProvider {
  readonly mode = 'own_shortener' as const;

  constructor(
    private readonly affiliate: AffiliateMode,
    private readonly marketplaces: Marketplaces,
    private readonly shortLinks: ShortLinkService,
    private readonly urls: ShortLinkUrls,
  ) {
    super();
  }

  /** Makes our short links: a key per integration needs `links:write` (checked in memory). */
  override async authorize(context: ModeContext): Promise<void> {
    requireScope(context.principal, 'links:write');
  }

  convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]> {
    const { affiliate, marketplaces, shortLinks, urls } = this;
    return shortenAffiliateLinks(links, context, OWN_DOMAIN, { affiliate, marketplaces, shortLinks, urls });
  }
}
