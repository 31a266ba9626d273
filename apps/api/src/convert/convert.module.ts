import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { ClockModule } from '@app/common';
import { ConversionModule } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { ProductsModule } from '@app/products';
import { UsageModule } from '@app/usage';
import { IdempotencyModule } from '@app/idempotency';
import { ConvertController } from './convert.controller';
import { ConvertUseCase } from './convert.use-case';
import { ProductsController } from './products.controller';

/** `POST /api/convert` and `GET /api/products` (key + token), and the convert use-case the account's playground shares. */
@Module({
  imports: [
    ClockModule,
    IdempotencyModule,
    ConversionModule,
    CredentialsModule,
    UsageModule,
    ProductsModule,
    AbuseModule,
  ],
  controllers: [ConvertController, ProductsController],
  providers: [ConvertUseCase],
  exports: [ConvertUseCase],
})
export class ConvertModule {}
