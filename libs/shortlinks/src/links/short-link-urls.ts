import { Injectable, Inject } from '@nestjs/common';
import { OWN_DOMAIN } from '../shortlinks.constants';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

/** Where our short domain lives: host (no port) and path prefix (`''` or `/s`), from SHORT_LINK_BASE_URL. */
export interface ShortBase {
  hostname: string;
  prefix: string;
}

export function shortBaseOf(baseUrl: string): ShortBase {
  const url = new URL(baseUrl);
  return { hostname: url.hostname.toLowerCase(), prefix: url.pathname.replace(/\/+$/, '') };
}

/** The public URL of a short code: `SHORT_LINK_BASE_URL/<code>`, or `<scheme>://<custom domain>/<code>`. */
@Injectable()
export class ShortLinkUrls {
  private readonly base: string;

  constructor(@Inject(shortLinksConfig.KEY) private readonly config: ShortLinksConfig) {
    this.base = config.SHORT_LINK_BASE_URL.replace(/\/+$/, '');
  }

  url(domain: string, code: string): string {
    return domain === OWN_DOMAIN
      ? `${this.base}/${code}`
      : `${this.config.CUSTOM_DOMAIN_LINK_SCHEME}://${domain}/${code}`;
  }
}
