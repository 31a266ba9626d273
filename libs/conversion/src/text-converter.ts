import { Injectable, Optional, Inject } from '@nestjs/common';
import { AppException, CpuLane } from '@app/common';
import type { Principal } from '@app/credentials';
import type { ProductDetails, ProductError } from '@app/products';
import { Metrics } from '@app/metrics';
import { extractLinks, FoundLink, ParsedLink } from './links';
import { MarketplaceSettingsSource } from './marketplace-settings';
import { Marketplaces } from './marketplaces';
import { CONVERT_MODES, ConvertMode } from './modes/convert-modes';
import { failed, ItemError, LinkOutcome } from './modes/item-error';
import { ModeContext, ModeProvider } from './modes/mode-provider';
import { ModeRegistry } from './modes/mode-registry';
import { ShortLinkResolutionService } from './resolver';
import { conversionConfig, ConversionConfig, isLargeText } from './conversion.config';

export interface ConvertInput {
  content: string;
  mode: ConvertMode;
  affiliateId?: string;
  subIds?: string[];
}

export interface ConvertItem {
  index: number;
  input: string;
  start: number;
  end: number;
  marketplace: string;
  output: string | null;
  ok: boolean;
  error?: ItemError;
  /** With `include: ["product"]`: the product's details, or `product_error` saying why there are none. */
  product?: ProductDetails;
  product_error?: ProductError;
}

/** The page a link leads to (short links resolved), or why it cannot be read. */
export type LinkTarget = { ok: true; link: ParsedLink } | { ok: false; error: ItemError };

export interface ConvertResult {
  ok: true;
  message: string;
  mode: string;
  output: string;
  summary: { total: number; success: number; failed: number };
  items: ConvertItem[];
}

interface MarketplaceLink {
  found: FoundLink;
  parsed: ParsedLink;
}

/** Called with the number of marketplace links found, before any is converted: may refuse the call (throw). */
export type AdmitLinks = (links: number) => Promise<unknown>;

/** Characters of `content` a slice of a large conversion extracts links from (cut at white space). */
const EXTRACT_SLICE_CHARS = 4000;
/** Links a slice of a large conversion hands to the mode at once. */
export const CONVERT_SLICE_LINKS = 250;

type Slicer = ReturnType<CpuLane['slicer']>;

export function summaryMessage(total: number, success: number): string {
  if (total === 0) return 'No marketplace links found';
  const failedCount = total - success;
  const base = `Converted ${success}/${total} link${total === 1 ? '' : 's'}`;
  return failedCount === 0 ? base : `${base}, ${failedCount} not converted`;
}

/** Text with each item's span replaced by its output; everything between the links is copied as is. */
export function replaceLinks(content: string, items: readonly ConvertItem[]): string {
  let output = '';
  let cursor = 0;
  for (const item of items) {
    output += content.slice(cursor, item.start) + replacementOf(item);
    cursor = item.end;
  }
  return output + content.slice(cursor);
}

/** What an item's span becomes in the output: its converted link, or the input link as it was. */
function replacementOf(item: ConvertItem): string {
  return item.ok && item.output !== null ? item.output : item.input;
}

/** `replaceLinks` for a large text: the same string, built `CONVERT_SLICE_LINKS` items at a time between turns. */
async function replaceLinksSliced(content: string, items: readonly ConvertItem[], slicer: Slicer): Promise<string> {
  const pieces: string[] = [];
  let cursor = 0;
  for (let from = 0; from < items.length; from += CONVERT_SLICE_LINKS) {
    for (const item of items.slice(from, from + CONVERT_SLICE_LINKS)) {
      pieces.push(content.slice(cursor, item.start), replacementOf(item));
      cursor = item.end;
    }
    await slicer.maybeYield();
  }
  pieces.push(content.slice(cursor));
  return pieces.join('');
}

/**
 * Converts the marketplace links of a text for a principal: finds them, converts each distinct one once with the
 * requested mode, rebuilds the text. Knows nothing of HTTP, budgets or usage: the api's `ConvertUseCase` wraps it.
 */
@Injectable()
export class TextConverter {
  /** Where large conversions run, slice by slice, one slice per event-loop turn (see `CpuLane`). */
  private readonly lane = CpuLane.shared;

  constructor(
    private readonly marketplaces: Marketplaces,
    private readonly registry: ModeRegistry,
    private readonly resolution: ShortLinkResolutionService,
    private readonly settings: MarketplaceSettingsSource,
    @Inject(conversionConfig.KEY) private readonly config: ConversionConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /**
   * Converts `input` for `principal`. `admit`, when given, sees the number of links before any is converted (the
   * link budgets). A `content` above CONVERT_SLICE_ABOVE_CHARS is converted in slices of at most CONVERT_SLICE_MS
   * that share the event loop with the other requests; the answer is the same.
   */
  async convert(input: ConvertInput, principal: Principal, admit?: AdmitLinks): Promise<ConvertResult> {
    const provider = this.registry.get(input.mode);
    if (input.content.length > this.config.CONVERT_MAX_CONTENT_CHARS) {
      throw new AppException(
        'invalid_request',
        `content must be at most ${this.config.CONVERT_MAX_CONTENT_CHARS} characters`,
        { field: 'content' },
      );
    }
    const affiliateId = input.affiliateId ?? principal.defaultAffiliateId;
    const context: ModeContext = { principal, affiliateId: affiliateId ?? null, subIds: input.subIds ?? [] };
    // The plan and set-up gates (403 `plan_required`, `not_configured`) answer before the mode's own
    // requirements (400 affiliate_id): a member who may not use the mode learns that first (docs/api.md).
    await provider.authorize(context);
    if (CONVERT_MODES[input.mode].needsAffiliateId && !affiliateId) {
      throw new AppException(
        'invalid_request',
        'affiliate_id is required for this mode (or save a default affiliate id in your account)',
        { field: 'affiliate_id' },
      );
    }

    const slicer = isLargeText(input.content, this.config) ? this.lane.slicer(this.config.CONVERT_SLICE_MS) : null;
    const links = slicer
      ? await this.findMarketplaceLinksSliced(input.content, slicer)
      : this.findMarketplaceLinks(input.content);
    await admit?.(links.length);
    const outcomes = await this.convertDistinct(links, provider, context, slicer);
    // For a large text, the items, the counts and the rebuilt text are slices too: 5,000 items take tens of
    // milliseconds to build, which would otherwise hold the event loop in one go after the last slice.
    const items: ConvertItem[] = [];
    let success = 0;
    const step = slicer ? CONVERT_SLICE_LINKS : links.length;
    for (let from = 0; from < links.length; from += step) {
      for (let index = from; index < Math.min(links.length, from + step); index++) {
        const { found, parsed } = links[index];
        const outcome = outcomes.get(found.url)!;
        const base = { index, input: found.url, start: found.start, end: found.end, marketplace: parsed.marketplace };
        if (outcome.ok) success++;
        items.push(
          outcome.ok
            ? { ...base, output: outcome.output, ok: true }
            : { ...base, output: null, ok: false, error: outcome.error },
        );
      }
      await slicer?.maybeYield();
    }
    if (this.metrics?.enabled) this.countLinks(input.mode, items, this.metrics);
    const output = slicer ? await replaceLinksSliced(input.content, items, slicer) : replaceLinks(input.content, items);
    return {
      ok: true,
      message: summaryMessage(items.length, success),
      mode: CONVERT_MODES[input.mode].label,
      output,
      summary: { total: items.length, success, failed: items.length - success },
      items,
    };
  }

  /**
   * The page each link leads to, as convert reads it: recognised (`inText`: as found in a text, wrappers
   * unwrapped), short links resolved by the same resolver and cache (a link the conversion just resolved costs
   * nothing). Links of no supported marketplace are absent from the answer.
   */
  async linkTargets(urls: readonly string[], inText = true): Promise<Map<string, LinkTarget>> {
    const targets = new Map<string, LinkTarget>();
    const shortLinks = new Map<string, ParsedLink>();
    for (const url of new Set(urls)) {
      const parsed = inText ? this.marketplaces.identifyInText(url) : this.marketplaces.identify(url);
      if (!parsed) continue;
      if (parsed.kind === 'short') shortLinks.set(url, parsed);
      else targets.set(url, { ok: true, link: parsed });
    }
    if (shortLinks.size > 0) {
      const resolved = await this.resolution.resolveAll([...shortLinks.values()]);
      for (const [url, parsed] of shortLinks) {
        const outcome = resolved.get(parsed.shortUrl!)!;
        targets.set(url, outcome.ok ? { ok: true, link: outcome.link } : { ok: false, error: outcome.error });
      }
    }
    return targets;
  }

  /** `linkconv_convert_links_total{mode, marketplace, outcome}`: one per link of the text (`ok` or its error code). */
  private countLinks(mode: ConvertMode, items: readonly ConvertItem[], metrics: Metrics): void {
    // One increment per (marketplace, outcome) of the text, not per link: a 200-link text costs a few.
    const counts = new Map<string, number>();
    for (const item of items) {
      const key = `${item.marketplace}\u0000${item.ok ? 'ok' : item.error!.code}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, count] of counts) {
      const [marketplace, outcome] = key.split('\u0000');
      metrics.convertLinks.inc({ mode, marketplace, outcome }, count);
    }
  }

  private findMarketplaceLinks(content: string, offset = 0, links: MarketplaceLink[] = []): MarketplaceLink[] {
    const isShortLink = (url: string) => this.marketplaces.identify(url)?.kind === 'short';
    for (const found of extractLinks(content, { isShortLink })) {
      const parsed = this.marketplaces.identifyInText(found.url);
      if (!parsed) continue;
      links.push({
        found: offset ? { ...found, start: found.start + offset, end: found.end + offset } : found,
        parsed,
      });
    }
    return links;
  }

  /**
   * The same links as `findMarketplaceLinks`, found piece by piece between turns of the lane. Pieces end at white
   * space: a link never contains any, and the extractor looks no further than the word it is in, so the pieces
   * hold exactly the links of the whole.
   */
  private async findMarketplaceLinksSliced(content: string, slicer: Slicer): Promise<MarketplaceLink[]> {
    const links: MarketplaceLink[] = [];
    let start = 0;
    while (start < content.length) {
      let end = Math.min(content.length, start + EXTRACT_SLICE_CHARS);
      while (end < content.length && !/\s/.test(content[end])) end++;
      this.findMarketplaceLinks(content.slice(start, end), start, links);
      start = end;
      await slicer.maybeYield();
    }
    return links;
  }

  /**
   * One outcome per distinct input link: the same link twice is converted once. Links no mode can convert fail
   * here; short links are resolved first (when the mode needs the page they lead to), and the links left are
   * handed to the mode all at once.
   */
  private async convertDistinct(
    links: readonly MarketplaceLink[],
    provider: ModeProvider,
    context: ModeContext,
    slicer: Slicer | null = null,
  ): Promise<Map<string, LinkOutcome>> {
    const outcomes = new Map<string, LinkOutcome>();
    const pending = new Map<string, ParsedLink>();
    const shortLinks = new Map<string, ParsedLink>();
    for (const { found, parsed } of links) {
      if (outcomes.has(found.url) || pending.has(found.url) || shortLinks.has(found.url)) continue;
      if (parsed.kind === 'not_convertible') {
        outcomes.set(found.url, failed(parsed.reasonCode ?? 'not_a_product', parsed.reason ?? 'Not a product page'));
      } else if (parsed.kind === 'short' && provider.resolvesShortLinks) {
        shortLinks.set(found.url, parsed);
      } else {
        pending.set(found.url, parsed);
      }
    }
    if (shortLinks.size > 0) {
      const resolved = await this.resolution.resolveAll([...shortLinks.values()]);
      for (const [input, parsed] of shortLinks) {
        const outcome = resolved.get(parsed.shortUrl!)!;
        if (outcome.ok) pending.set(input, outcome.link);
        else outcomes.set(input, { ok: false, error: outcome.error });
      }
    }
    if (pending.size > 0) {
      const marketplaceSettings = await this.settings.forMember(context.principal);
      const inputs = [...pending.keys()];
      const parsed = [...pending.values()];
      const modeContext = { ...context, marketplaceSettings };
      // A large text's links go to the mode a slice at a time, with the other requests served in between.
      const step = slicer ? CONVERT_SLICE_LINKS : parsed.length;
      for (let from = 0; from < parsed.length; from += step) {
        const converted = await provider.convert(parsed.slice(from, from + step), modeContext);
        converted.forEach((outcome, i) => outcomes.set(inputs[from + i], outcome));
        await slicer?.maybeYield();
      }
    }
    return outcomes;
  }
}
