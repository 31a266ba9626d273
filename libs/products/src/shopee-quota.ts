import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@app/common';
import { ProductRedis } from './product-redis';
import { productsConfig, type ProductsConfig } from './products.config';

const HOUR_MS = 3600_000;

/**
 * The members' Shopee Affiliate Open API calls for product details, per clock hour (Shopee's own window: a spent
 * quota is refused "until the next hourly cycle"): counted in Redis when set (shared by every instance), else in
 * process. `take()` counts one call, or says how long until the next hour when the hour's calls are spent.
 */
@Injectable()
export class ShopeeQuota {
  private readonly local = new Map<string, number>();
  private localHour = -1;

  constructor(
    private readonly redis: ProductRedis,
    private readonly clock: Clock,
    @Inject(productsConfig.KEY) private readonly config: ProductsConfig,
  ) {}

  get perHour(): number {
    return this.config.SHOPEE_PRODUCT_CALLS_PER_HOUR;
  }

  async take(memberId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const now = this.clock.now().getTime();
    const hour = Math.floor(now / HOUR_MS);
    const key = `${memberId}:${hour}`;
    const shared = await this.redis.increment(key, 3600 + 60);
    const used = shared ?? this.countLocally(key, hour);
    if (used <= this.config.SHOPEE_PRODUCT_CALLS_PER_HOUR) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 1000)) };
  }

  private countLocally(key: string, hour: number): number {
    if (hour !== this.localHour) {
      this.local.clear();
      this.localHour = hour;
    }
    const used = (this.local.get(key) ?? 0) + 1;
    this.local.set(key, used);
    return used;
  }
}
