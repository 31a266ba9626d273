import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { OutboundLink } from './cache/outbound-link.entity';
import { OutboundLinkStore, TypeOrmOutboundLinkStore } from './cache/outbound-link-store';
import { OutboundHttp } from './http/outbound-http';
import { OUTBOUND_OPTIONS, outboundOptionsFrom } from './outbound-options';
import { outboundConfig } from './outbound.config';
import { OutsideLinks } from './outside-links.service';
import { ProviderGates } from './resilience/provider-gates';

/** Calls to outside services (external shorteners, marketplace affiliate APIs), with their cache. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboundLink]), ClockModule],
  providers: [
    { provide: OUTBOUND_OPTIONS, inject: [outboundConfig.KEY], useFactory: outboundOptionsFrom },
    OutboundHttp,
    ProviderGates,
    { provide: OutboundLinkStore, useClass: TypeOrmOutboundLinkStore },
    OutsideLinks,
  ],
  exports: [OutsideLinks, ProviderGates],
})
export class OutboundModule {}
