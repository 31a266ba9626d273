import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { ClockModule } from '@app/common';
import { ConversionModule, MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { ProductsModule } from '@app/products';
import { ShortLinksModule } from '@app/shortlinks';
import { UsageModule } from '@app/usage';
import { ApiLimitsController } from '../abuse/api-limits.controller';
import { ConvertController } from './convert.controller';
import { ConvertUseCase } from './convert.use-case';
import { ProductsController } from './products.controller';

/** The API routes (key + token): `POST /api/convert`, `GET /api/products` and `GET /api/limits`; the use case the playground shares. */
@Module({
  imports: [
    ClockModule,
    ConversionModule,
    CredentialsModule,
    UsageModule,
    ProductsModule,
    AbuseModule,
    // The same options as ConversionModule's import: one instance (the short-link quotas of GET /api/limits).
    ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
  ],
  controllers: [ConvertController, ApiLimitsController, ProductsController],
  providers: [ConvertUseCase],
  exports: [ConvertUseCase],
})
export class ConvertModule {}
