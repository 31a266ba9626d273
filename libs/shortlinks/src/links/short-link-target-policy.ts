import { Injectable } from '@nestjs/common';

/** Whether a URL may be the target of one of our short links. */
export type ShortLinkTargetCheck = (target: string) => boolean;

/**
 * Defence in depth for `ShortLinkService.shorten`: our domains only ever redirect to marketplace links, even if
 * a caller forgot to check. The check itself is the conversion lib's host recognition, which depends on this lib
 * (not the other way round), so the conversion module registers it at start-up (`allowOnly`). Closed by default:
 * until a check is registered (the standalone redirector never registers one), no target is allowed.
 */
@Injectable()
export class ShortLinkTargetPolicy {
  private check: ShortLinkTargetCheck | null = null;

  allowOnly(check: ShortLinkTargetCheck): void {
    this.check = check;
  }

  allows(target: string): boolean {
    return this.check !== null && this.check(target);
  }
}
