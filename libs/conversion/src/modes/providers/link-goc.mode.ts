import { Injectable } from '@nestjs/common';
import type { ParsedLink } from '@app/marketplaces';
import { failed, type LinkOutcome } from '../item-error';
import { ModeProvider } from '../mode-provider';

/** `link_goc`: the clean canonical link, tracking and foreign affiliate parameters removed. */
@Injectable()
export class LinkGocMode extends ModeProvider {
  readonly mode = 'link_goc' as const;

  async convert(links: readonly ParsedLink[]): Promise<LinkOutcome[]> {
    return links.map((link) =>
      link.canonicalUrl
        ? { ok: true, output: link.canonicalUrl }
        : failed('invalid_link', 'No canonical link for this URL'),
    );
  }
}
