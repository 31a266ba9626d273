import { Module } from '@nestjs/common';
import { ClockModule } from '@app/common';
import { RedisModule } from '@app/messaging';
import { MembersModule } from '@app/members';
import { OutboundModule } from '@app/outbound';
import { ProductDetailsService } from './product-details.service';
import { ProductRedis } from './product-redis';
import { ShopeeQuota } from './shopee-quota';

/** Product details of marketplace links from the marketplaces' affiliate APIs, with their cache and quota. */
@Module({
  imports: [ClockModule, RedisModule, MembersModule, OutboundModule],
  providers: [ProductRedis, ShopeeQuota, ProductDetailsService],
  exports: [ProductDetailsService],
})
export class ProductsModule {}
