import { Injectable } from '@nestjs/common';
import {
  LazadaAdapter,
  LinkIdentifier,
  MarketplaceAdapter,
  MarketplaceId,
  normalizeHostname,
  ParsedLink,
  ShopeeAdapter,
  TikiAdapter,
  TikTokAdapter,
} from './links';

/** The marketplace adapters in use, and identification of a raw link against them. */
@Injectable()
export class Marketplaces {
  private readonly adapters: ReadonlyMap<MarketplaceId, MarketplaceAdapter>;
  private readonly identifier: LinkIdentifier;

  constructor() {
    const adapters: MarketplaceAdapter[] = [
      new ShopeeAdapter(),
      new LazadaAdapter(),
      new TikTokAdapter(),
      new TikiAdapter(),
    ];
    this.adapters = new Map(adapters.map((adapter) => [adapter.id, adapter]));
    this.identifier = new LinkIdentifier(adapters);
  }

  /** The parsed marketplace link, or null when the link belongs to no supported marketplace. */
  identify(raw: string): ParsedLink | null {
    return this.identifier.identify(raw);
  }

  /**
   * As `identify`, for a link found in text: a wrapped link (Facebook's, Messenger's and Instagram's link shims,
   * `l.facebook.com/l.php?u=`...) is the link it wraps.
   */
  identifyInText(raw: string): ParsedLink | null {
    return this.identifier.identifyInText(raw);
  }

  /** Every adapter, in the order links are matched against them. */
  all(): MarketplaceAdapter[] {
    return [...this.adapters.values()];
  }

  adapter(id: MarketplaceId): MarketplaceAdapter {
    const adapter = this.adapters.get(id);
    if (!adapter) throw new Error(`No adapter for marketplace "${id}"`);
    return adapter;
  }

  /**
   * The short link `url` is, when the resolver may fetch it for `marketplace`: an http(s) URL without userinfo
   * or explicit port, on one of that marketplace's short-link hosts, which its adapter parses as a short link.
   * Null for anything else. (The resolver fetches over https whatever the scheme of the link.)
   */
  fetchableShortLink(url: URL, marketplace: MarketplaceId): ParsedLink | null {
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) {
      return null;
    }
    const adapter = this.adapters.get(marketplace);
    if (!adapter?.isShortLinkHost(normalizeHostname(url.hostname))) return null;
    const parsed = this.identifier.identify(url.href);
    return parsed?.kind === 'short' && parsed.marketplace === marketplace && parsed.shortUrl ? parsed : null;
  }
}
