import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { ConversionModule, MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { MembersModule } from '@app/members';
import { ShortLinksModule } from '@app/shortlinks';
import { UsageModule } from '@app/usage';
import { ConvertModule } from '../convert/convert.module';
import { ViewerModule } from '../pages/viewer.module';
import { AccountController } from './account.controller';
import { AccountPagesController } from './account-pages.controller';
import { IdempotencyModule } from '@app/idempotency';
import { IntegrationKeyPagesController } from './integration-key-pages.controller';
import { IntegrationKeysController } from './integration-keys.controller';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { SessionPrincipalGuard } from './session-principal.guard';

/**
 * Sign-up, login and the logged-in member's account (credentials, settings, the convert playground): the JSON
 * routes and the account area's pages (/dashboard). The pages before login are PublicPagesModule's (pages/).
 */
@Module({
  imports: [
    ClockModule,
    IdempotencyModule,
    AuthModule,
    MembersModule,
    CredentialsModule,
    UsageModule,
    AbuseModule,
    ConversionModule,
    ConvertModule,
    // The same options as ConversionModule's import: one instance (the short-link quotas on the account page).
    ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
    ViewerModule,
  ],
  controllers: [
    AuthController,
    AccountController,
    IntegrationKeysController,
    AccountPagesController,
    IntegrationKeyPagesController,
  ],
  providers: [AccountService, SessionPrincipalGuard],
})
export class AccountModule {}
