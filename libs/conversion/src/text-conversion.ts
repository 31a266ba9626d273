import type { CpuLane } from './scheduling/cpu-lane';
import type { Principal } from '@app/credentials';
import type { ProductDetails, ProductError } from '@app/products';
import { MarketplaceSettings, ParsedLink } from '@app/marketplaces';
import { extractLinks, FoundLink, writtenLike } from './links';
import { failed, ItemError, LinkOutcome } from './modes/item-error';
import type { ModeContext, ModeProvider } from './modes/mode-provider';
import type { ShortLinkOutcome } from './resolver/short-link-resolution.service';

/**
 * The conversion of one text, from its links found to its rebuilt output: the same steps wherever it runs (on the
 * api's event loop, in slices, or whole in a worker thread, see `ConversionWorkers`). What it reads besides the text
 * comes from its `ConversionSources`; it knows nothing of Nest, HTTP, budgets or usage.
 */

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

export interface ConvertResult {
  ok: true;
  message: string;
  mode: string;
  output: string;
  summary: { total: number; success: number; failed: number };
  items: ConvertItem[];
}

/**
 * A conversion's answer already serialised (by a worker thread): the bytes `res.json` would have sent for the
 * `ConvertResult` (UTF-8 JSON), and its summary (for the usage count). The convert interceptor sends them as they
 * are.
 */
export class SerialisedConvertResult {
  constructor(
    readonly json: Buffer,
    readonly summary: ConvertResult['summary'],
  ) {}
}

/** What the conversion routes answer: the result, or the same result already serialised. */
export type ConvertAnswer = ConvertResult | SerialisedConvertResult;

/** Called with the number of marketplace links found, before any is converted: may refuse the call (throw). */
export type AdmitLinks = (links: number) => Promise<unknown>;

/** Where a conversion reads what is not in the text. */
export interface ConversionSources {
  /** Recognises a link (the lib's `Marketplaces`). */
  identify(raw: string): ParsedLink | null;
  /** Recognises a link found in a text (wrappers unwrapped). */
  identifyInText(raw: string): ParsedLink | null;
  /** The page each short link leads to, keyed by its `shortUrl` (the resolver and its cache). */
  resolveAll(links: readonly ParsedLink[]): Promise<Map<string, ShortLinkOutcome>>;
  /** The member's marketplace settings (Lazada master link, Tiki TAP codes). */
  settingsFor(principal: Principal): Promise<MarketplaceSettings | undefined>;
}

/** What a conversion of one text gives: the items, their successes and the rebuilt text. */
export interface ConvertedText {
  items: ConvertItem[];
  success: number;
  output: string;
}

/** Characters of `content` a slice of a large conversion extracts links from (cut at white space). */
const EXTRACT_SLICE_CHARS = 4000;
/** Links a slice of a large conversion hands to the mode at once. */
export const CONVERT_SLICE_LINKS = 250;

export type Slicer = ReturnType<CpuLane['slicer']>;

interface MarketplaceLink {
  found: FoundLink;
  parsed: ParsedLink;
}

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

/** Links per (marketplace, outcome) of a conversion: `ok` or the item's error code. */
export function linkCounts(
  items: readonly ConvertItem[],
): Array<[marketplace: string, outcome: string, count: number]> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = `${item.marketplace}\u0000${item.ok ? 'ok' : item.error!.code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => {
    const [marketplace, outcome] = key.split('\u0000');
    return [marketplace, outcome, count];
  });
}

/**
 * Converts the marketplace links of `content` with `provider`: finds them, converts each distinct one once, rebuilds
 * the text. `admit`, when given, sees the number of links before any is converted. With a `slicer`, every step
 * works a slice at a time and waits for its turn between slices (a large text on the event loop); the result is
 * the same.
 */
export async function convertText(
  sources: ConversionSources,
  content: string,
  provider: ModeProvider,
  context: ModeContext,
  admit: AdmitLinks | undefined,
  slicer: Slicer | null,
): Promise<ConvertedText> {
  const links = slicer
    ? await findMarketplaceLinksSliced(sources, content, slicer)
    : findMarketplaceLinks(sources, content);
  await admit?.(links.length);
  const outcomes = await convertDistinct(sources, links, provider, context, slicer);
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
      // A link found JSON-escaped (`https:\/\/…`) is written back escaped the same way, so the JSON stays JSON.
      items.push(
        outcome.ok
          ? { ...base, output: writtenLike(found.url, outcome.output), ok: true }
          : { ...base, output: null, ok: false, error: outcome.error },
      );
    }
    await slicer?.maybeYield();
  }
  const output = slicer ? await replaceLinksSliced(content, items, slicer) : replaceLinks(content, items);
  return { items, success, output };
}

function findMarketplaceLinks(
  sources: ConversionSources,
  content: string,
  offset = 0,
  links: MarketplaceLink[] = [],
): MarketplaceLink[] {
  const isShortLink = (url: string) => sources.identify(url)?.kind === 'short';
  for (const found of extractLinks(content, { isShortLink })) {
    const parsed = sources.identifyInText(found.url);
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
async function findMarketplaceLinksSliced(
  sources: ConversionSources,
  content: string,
  slicer: Slicer,
): Promise<MarketplaceLink[]> {
  const links: MarketplaceLink[] = [];
  let start = 0;
  while (start < content.length) {
    let end = Math.min(content.length, start + EXTRACT_SLICE_CHARS);
    while (end < content.length && !/\s/.test(content[end])) end++;
    findMarketplaceLinks(sources, content.slice(start, end), start, links);
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
async function convertDistinct(
  sources: ConversionSources,
  links: readonly MarketplaceLink[],
  provider: ModeProvider,
  context: ModeContext,
  slicer: Slicer | null,
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
    const resolved = await sources.resolveAll([...shortLinks.values()]);
    for (const [input, parsed] of shortLinks) {
      const outcome = resolved.get(parsed.shortUrl!)!;
      if (outcome.ok) pending.set(input, outcome.link);
      else outcomes.set(input, { ok: false, error: outcome.error });
    }
  }
  if (pending.size > 0) {
    const marketplaceSettings = await sources.settingsFor(context.principal);
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

/** The answer of a conversion: its label, summary and message from the converted text. */
export function convertResult(modeLabel: string, converted: ConvertedText): ConvertResult {
  const { items, success, output } = converted;
  return {
    ok: true,
    message: summaryMessage(items.length, success),
    mode: modeLabel,
    output,
    summary: { total: items.length, success, failed: items.length - success },
    items,
  };
}
