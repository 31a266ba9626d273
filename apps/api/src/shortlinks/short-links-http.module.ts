import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { CustomDomainRechecker, ShortLinksModule } from '@app/shortlinks';
import { ShortLinksController } from './short-links.controller';

/**
 * The short links' HTTP routes in the api: the member's links, clicks and custom domains, and the periodic
 * re-check of custom domains. (Caddy's on-demand TLS question is TlsModule's, in tls/; the redirects themselves
 * are `RedirectHandler`, in front of Express: configure-app.ts.)
 */
@Module({
  // The same options as ConversionModule's import: one instance (short links point at marketplace links only).
  imports: [ClockModule, AuthModule, ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy })],
  controllers: [ShortLinksController],
  providers: [CustomDomainRechecker],
})
export class ShortLinksHttpModule {}
