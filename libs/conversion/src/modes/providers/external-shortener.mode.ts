import { Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import { MemberSettingsService, type MemberSecretName } from '@app/members';
import { OutsideLinks, type ShortenerProvider } from '@app/outbound';
import type { ParsedLink } from '@app/marketplaces';
import { CONVERT_MODES, type ConvertMode } from '../convert-modes';
import type { LinkOutcome } from '../item-error';
import { ModeContext, ModeProvider } from '../mode-provider';
import { AffiliateMode } from './affiliate.mode';
import { outsideOutcome } from './outside-outcome';

/**
 * `ext_shortener_1..5`: the affiliate link (built by the `affiliate` mode, whose failures stay as they are),
 * shortened by a public service through `OutsideLinks` (cache, breaker, retries, time budget). Account-based
 * services (Bitly, Cutt.ly) use the member's own token or key: without it the request fails with 403
 * `not_configured`.
 */
@Injectable()
export abstract class ExternalShortenerMode extends ModeProvider {
  abstract override readonly mode: ConvertMode;
  protected abstract readonly provider: ShortenerProvider;
  /** The member secret an account-based service needs, with how to name it in a message. */
  protected readonly account: { secret: MemberSecretName; what: string } | null = null;

  constructor(
    private readonly affiliate: AffiliateMode,
    private readonly outside: OutsideLinks,
    private readonly settings: MemberSettingsService,
  ) {
    super();
  }

  override async authorize({ principal }: ModeContext): Promise<void> {
    await this.credential(principal.memberId);
  }

  async convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]> {
    const memberId = context.principal.memberId;
    const credential = await this.credential(memberId);
    const affiliateLinks = await this.affiliate.convert(links, context);
    const longUrls = affiliateLinks.flatMap((outcome) => (outcome.ok ? [outcome.output] : []));
    if (longUrls.length === 0) return affiliateLinks;
    const shortened = await this.outside.shorten(
      this.provider,
      longUrls,
      credential === null ? null : { memberId, credential },
    );
    return affiliateLinks.map((outcome) => (outcome.ok ? outsideOutcome(shortened.get(outcome.output)) : outcome));
  }

  private async credential(memberId: string): Promise<string | null> {
    if (!this.account) return null;
    const value = await this.settings.secret(memberId, this.account.secret);
    if (!value) {
      throw new AppException(
        'not_configured',
        `The ${this.mode} mode (${CONVERT_MODES[this.mode].label}) needs your ${this.account.what}: save it as ` +
          `${this.account.secret} in your account settings`,
      );
    }
    return value;
  }
}

/** An `ext_shortener_*` mode: its outside service, and the member secret an account-based one needs. */
interface ShortenerRow {
  name: string;
  mode: ConvertMode;
  provider: ShortenerProvider;
  account?: { secret: MemberSecretName; what: string };
}

const SHORTENERS: readonly ShortenerRow[] = [
  // TinyURL (`api-create.php`, or the v2 API when `TINYURL_API_TOKEN` is set).
  { name: 'TinyUrlMode', mode: 'ext_shortener_1', provider: 'tinyurl' },
  { name: 'IsGdMode', mode: 'ext_shortener_2', provider: 'isgd' },
  // v.gd (the is.gd API).
  { name: 'VGdMode', mode: 'ext_shortener_3', provider: 'vgd' },
  // Bitly v4 with the member's access token; Cutt.ly with the member's API key.
  {
    name: 'BitlyMode',
    mode: 'ext_shortener_4',
    provider: 'bitly',
    account: { secret: 'bitly_token', what: 'Bitly access token' },
  },
  {
    name: 'CuttlyMode',
    mode: 'ext_shortener_5',
    provider: 'cuttly',
    account: { secret: 'cuttly_key', what: 'Cutt.ly API key' },
  },
];

/** One provider class per row, named as the row says (Nest's messages name it). */
export const EXTERNAL_SHORTENER_MODES = SHORTENERS.map((row) => {
  @Injectable()
  class Mode extends ExternalShortenerMode {
    readonly mode = row.mode;
    protected readonly provider = row.provider;
    protected override readonly account = row.account ?? null;
  }
  return Object.defineProperty(Mode, 'name', { value: row.name });
});
