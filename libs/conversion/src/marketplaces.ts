import { Injectable } from '@nestjs/common';
import { LinkIdentifier, MarketplaceAdapter, MarketplaceId, ParsedLink, ShopeeAdapter } from './links';

/** The marketplace adapters in use, and identification of a raw link against them. */
@Injectable()
export class Marketplaces {
  private readonly adapters: ReadonlyMap<MarketplaceId, MarketplaceAdapter>;
  private readonly identifier: LinkIdentifier;

  constructor() {
    const adapters: MarketplaceAdapter[] = [new ShopeeAdapter()];
    this.adapters = new Map(adapters.map((adapter) => [adapter.id, adapter]));
    this.identifier = new LinkIdentifier(adapters);
  }

  /** The parsed marketplace link, or null when the link belongs to no supported marketplace. */
  identify(raw: string): ParsedLink | null {
    return this.identifier.identify(raw);
  }

  adapter(id: MarketplaceId): MarketplaceAdapter {
    const adapter = this.adapters.get(id);
    if (!adapter) throw new Error(`No adapter for marketplace "${id}"`);
    return adapter;
  }
}
