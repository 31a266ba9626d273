import { Injectable, Optional, Inject } from '@nestjs/common';
import { AppException } from '@app/common';
import { CpuLane } from './scheduling/cpu-lane';
import type { Principal } from '@app/credentials';
import { Metrics } from '@app/metrics';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import { MarketplaceSettingsSource } from './marketplace-settings';
import { CONVERT_MODES, ConvertMode } from './modes/convert-modes';
import type { ItemError } from './modes/item-error';
import type { ModeContext, ModeProvider } from './modes/mode-provider';
import { ModeRegistry } from './modes/mode-registry';
import { ShortLinkResolutionService } from './resolver';
import { conversionConfig, ConversionConfig, isLargeText } from './conversion.config';
import {
  type AdmitLinks,
  type ConversionSources,
  type ConvertAnswer,
  convertResult,
  type ConvertResult,
  convertText,
  linkCounts,
  SerialisedConvertResult,
} from './text-conversion';
import { ConversionWorkers } from './workers/conversion-workers';

export interface ConvertInput {
  content: string;
  mode: ConvertMode;
  affiliateId?: string;
  subIds?: string[];
}

/** The page a link leads to (short links resolved), or why it cannot be read. */
export type LinkTarget = { ok: true; link: ParsedLink } | { ok: false; error: ItemError };

/**
 * Converts the marketplace links of a text for a principal: finds them, converts each distinct one once with the
 * requested mode, rebuilds the text. Knows nothing of HTTP, budgets or usage: the api's `ConvertUseCase` wraps it.
 */
@Injectable()
export class TextConverter {
  /** Where large conversions run, slice by slice, one slice per event-loop turn (see `CpuLane`). */
  private readonly lane = CpuLane.shared;
  /** What a conversion on the event loop reads besides the text. */
  private readonly sources: ConversionSources;

  constructor(
    private readonly marketplaces: Marketplaces,
    private readonly registry: ModeRegistry,
    private readonly resolution: ShortLinkResolutionService,
    private readonly settings: MarketplaceSettingsSource,
    @Inject(conversionConfig.KEY) private readonly config: ConversionConfig,
    private readonly workers: ConversionWorkers,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.sources = {
      identify: (raw) => marketplaces.identify(raw),
      identifyInText: (raw) => marketplaces.identifyInText(raw),
      resolveAll: (links) => resolution.resolveAll(links),
      settingsFor: (principal) => settings.forMember(principal),
    };
  }

  /**
   * Converts `input` for `principal`. `admit`, when given, sees the number of links before any is converted (the
   * link budgets). A `content` above CONVERT_SLICE_ABOVE_CHARS is converted in slices of at most CONVERT_SLICE_MS
   * that share the event loop with the other requests; the answer is the same.
   */
  async convert(input: ConvertInput, principal: Principal, admit?: AdmitLinks): Promise<ConvertResult> {
    const { provider, context } = await this.admitted(input, principal);
    const slicer = isLargeText(input.content, this.config) ? this.lane.slicer(this.config.CONVERT_SLICE_MS) : null;
    const converted = await convertText(this.sources, input.content, provider, context, admit, slicer);
    if (this.metrics?.enabled) this.countLinks(input.mode, linkCounts(converted.items), this.metrics);
    return convertResult(CONVERT_MODES[input.mode].label, converted);
  }

  /**
   * As `convert`, for a route that sends the answer as it is: a large text of a worker mode (`ConversionWorkers`)
   * is converted and serialised in a worker thread, and answered as that JSON; any other as `convert` does.
   */
  async answer(input: ConvertInput, principal: Principal, admit?: AdmitLinks): Promise<ConvertAnswer> {
    if (!this.workers.takes(input.mode, input.content)) return this.convert(input, principal, admit);
    const { context } = await this.admitted(input, principal);
    const answer = await this.workers.convert(
      {
        content: input.content,
        mode: input.mode,
        context: { principal: context.principal, affiliateId: context.affiliateId, subIds: context.subIds },
        marketplaceSettings: await this.settings.forMember(principal),
      },
      { admit, resolveAll: this.sources.resolveAll },
    );
    if (this.metrics?.enabled) this.countLinks(input.mode, answer.counts, this.metrics);
    const { json } = answer;
    return new SerialisedConvertResult(Buffer.from(json.buffer, json.byteOffset, json.byteLength), answer.summary);
  }

  /**
   * The checks of a call before its text is read: the mode, the content's length, the plan and set-up gates, the
   * affiliate id the mode needs. Answers the mode's provider and the context it converts with.
   */
  private async admitted(
    input: ConvertInput,
    principal: Principal,
  ): Promise<{ provider: ModeProvider; context: ModeContext }> {
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
    return { provider, context };
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

  /** `linkconv_convert_links_total{mode, marketplace, outcome}`: one increment per (marketplace, outcome) of the text. */
  private countLinks(mode: ConvertMode, counts: ReturnType<typeof linkCounts>, metrics: Metrics): void {
    for (const [marketplace, outcome, count] of counts) metrics.convertLinks.inc({ mode, marketplace, outcome }, count);
  }
}
