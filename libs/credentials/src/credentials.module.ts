import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { PubSubModule } from '@app/messaging';
import { MembersModule } from '@app/members';
import { ApiCredentialsGuard } from './api-credentials.guard';
import { CredentialCacheListener } from './credential-cache.listener';
import { CredentialHasher } from './credential-crypto';
import { Credential } from './credential.entity';
import { CredentialInvalidation } from './credential-invalidation';
import { type CredentialsConfig, credentialsConfig } from './credentials.config';
import { CredentialsService } from './credentials.service';

@Module({
  imports: [TypeOrmModule.forFeature([Credential]), ClockModule, PubSubModule, MembersModule],
  providers: [
    CredentialsService,
    CredentialInvalidation,
    CredentialCacheListener,
    ApiCredentialsGuard,
    {
      provide: CredentialHasher,
      inject: [credentialsConfig.KEY],
      useFactory: (config: CredentialsConfig) => {
        if (!config.CREDENTIALS_SECRET) throw new Error('CREDENTIALS_SECRET is not set');
        return new CredentialHasher(config.CREDENTIALS_SECRET);
      },
    },
  ],
  exports: [CredentialsService, CredentialInvalidation, ApiCredentialsGuard],
})
export class CredentialsModule {}
