import { Module } from '@nestjs/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { ShortLinksModule } from '@app/shortlinks';
import { TlsAskController } from './tls-ask.controller';

/**
 * The TLS front's question (`GET /internal/tls/allowed`, Caddy's on-demand TLS `ask`): may it get a certificate
 * for this host? Answered from the custom domains of the shortlinks lib.
 */
@Module({
  // The same options as ConversionModule's import: one instance (short links point at marketplace links only).
  imports: [ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy })],
  controllers: [TlsAskController],
})
export class TlsModule {}
