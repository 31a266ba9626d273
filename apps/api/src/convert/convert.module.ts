import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { ClockModule } from '@app/common';
import { ConversionModule } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { UsageModule } from '@app/usage';
import { ApiLimitsController } from '../abuse/api-limits.controller';
import { ConvertController } from './convert.controller';
import { ConvertUseCase } from './convert.use-case';

/** The API routes (key + token): `POST /api/convert` and `GET /api/limits`; the use case the playground shares. */
@Module({
  imports: [ClockModule, ConversionModule, CredentialsModule, UsageModule, AbuseModule],
  controllers: [ConvertController, ApiLimitsController],
  providers: [ConvertUseCase],
  exports: [ConvertUseCase],
})
export class ConvertModule {}
