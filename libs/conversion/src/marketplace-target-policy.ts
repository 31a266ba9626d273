import { Injectable } from '@nestjs/common';
import { ShortLinkTargetPolicy } from '@app/shortlinks';
import { Marketplaces } from './marketplaces';

/**
 * Our short links may only point at links this lib recognises as marketplace links: the api passes this to
 * `ShortLinksModule.forRoot({ targetPolicy })` (see `ShortLinkService.shorten`). It reads the same adapters as
 * `Marketplaces` through an instance of its own (it is built inside the short-links module, which cannot see this
 * lib's providers; `Marketplaces` holds no state).
 */
@Injectable()
export class MarketplaceTargetPolicy extends ShortLinkTargetPolicy {
  private readonly marketplaces = new Marketplaces();

  allows(target: string): boolean {
    return this.marketplaces.identify(target) !== null;
  }
}
