import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { CustomDomainRechecker, ShortLinksModule } from '@app/shortlinks';
import { TlsAskController } from '../tls/tls-ask.controller';
import { ShortLinksController } from './short-links.controller';

/**
 * The short links' HTTP routes in the api: the member's links, clicks and custom domains, Caddy's on-demand TLS
 * question, and the periodic re-check of custom domains. (The redirects themselves are `RedirectHandler`, in front
 * of Express: configure-app.ts.)
 */
@Module({
  // The same options as ConversionModule's import: one instance (short links point at marketplace links only).
  imports: [ClockModule, AuthModule, ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy })],
  controllers: [ShortLinksController, TlsAskController],
  providers: [CustomDomainRechecker],
})
export class ShortLinksHttpModule {}
