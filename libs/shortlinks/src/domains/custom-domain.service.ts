import { Injectable, Logger, Inject } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { PubSub } from '@app/messaging';
import { randomBytes } from 'node:crypto';
import { IsNull, LessThan, Repository } from 'typeorm';
import { shortBaseOf } from '../links/short-link-urls';
import { DOMAIN_CHANGES_CHANNEL, RedirectLookup } from '../redirect/redirect-lookup';
import { MAX_CUSTOM_DOMAINS_PER_MEMBER, TXT_RECORD_PREFIX } from '../shortlinks.constants';
import { CustomDomain } from './custom-domain.entity';
import { DnsTxtResolver } from './dns-txt-resolver';
import { nextDomainState } from './domain-check';
import { normalizeCustomDomain } from './domain-name';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

/** What the member sees of a domain: the DNS instructions and the status. */
export interface CustomDomainView {
  id: string;
  domain: string;
  status: CustomDomain['status'];
  txt_record: { type: 'TXT'; name: string; value: string };
  last_error: string | null;
  last_checked_at: Date | null;
  verified_at: Date | null;
  created_at: Date;
}

export interface DomainOwner {
  id: string;
  plan: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function domainView(domain: CustomDomain): CustomDomainView {
  return {
    id: domain.id,
    domain: domain.domain,
    status: domain.status,
    txt_record: { type: 'TXT', name: `${TXT_RECORD_PREFIX}${domain.domain}`, value: domain.token },
    last_error: domain.lastError,
    last_checked_at: domain.lastCheckedAt,
    verified_at: domain.verifiedAt,
    created_at: domain.createdAt,
  };
}

/**
 * Custom domains of Pro members: add (with a TXT token to publish), check ownership through the injectable
 * `DnsTxtResolver`, re-check, remove. A status change or removal is applied to this process's redirect cache at
 * once and published on `PubSub`, so every other instance (api or redirector) applies it as soon as it hears it.
 */
@Injectable()
export class CustomDomainService {
  private readonly logger = new Logger(CustomDomainService.name);
  private readonly reserved: string[];

  constructor(
    @InjectRepository(CustomDomain) private readonly domains: Repository<CustomDomain>,
    private readonly dns: DnsTxtResolver,
    private readonly lookup: RedirectLookup,
    private readonly clock: Clock,
    @Inject(shortLinksConfig.KEY) config: ShortLinksConfig,
    private readonly pubsub: PubSub,
  ) {
    this.reserved = [shortBaseOf(config.SHORT_LINK_BASE_URL).hostname];
  }

  list(memberId: string): Promise<CustomDomain[]> {
    return this.domains.find({ where: { memberId }, order: { createdAt: 'ASC' } });
  }

  /** Adds a domain for a Pro member and checks it at once (already published records verify right away). */
  async add(member: DomainOwner, input: string): Promise<CustomDomain> {
    if (member.plan !== 'pro') throw new AppException('plan_required', 'Custom domains are part of the Pro plan');
    const name = normalizeCustomDomain(input, this.reserved);
    if (!name.ok) throw new AppException('invalid_request', name.reason, { field: 'domain' });
    const count = await this.domains.count({ where: { memberId: member.id } });
    if (count >= MAX_CUSTOM_DOMAINS_PER_MEMBER) {
      throw new AppException('conflict', `You can add at most ${MAX_CUSTOM_DOMAINS_PER_MEMBER} domains`);
    }
    let domain: CustomDomain;
    try {
      domain = await this.domains.save(
        this.domains.create({
          memberId: member.id,
          domain: name.domain,
          token: `linkconv-verify=${randomBytes(18).toString('base64url')}`,
          status: 'pending',
        }),
      );
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw new AppException('conflict', 'You have already added this domain');
      }
      throw error;
    }
    return this.check(domain);
  }

  async remove(memberId: string, id: string): Promise<void> {
    const domain = await this.owned(memberId, id);
    await this.domains.delete({ id: domain.id, memberId });
    await this.changed(domain.domain);
  }

  /** A host's status changed or it was removed: this process forgets it now, the others when they hear it. */
  private async changed(host: string): Promise<void> {
    this.lookup.forgetHost(host);
    await this.pubsub.publish(DOMAIN_CHANGES_CHANNEL, host);
  }

  async checkNow(memberId: string, id: string): Promise<CustomDomain> {
    return this.check(await this.owned(memberId, id));
  }

  /** The domain `custom_domain_shortener` uses for the member: the first one verified, or null. */
  async verifiedDomainFor(memberId: string): Promise<string | null> {
    const domain = await this.domains.findOne({
      where: { memberId, status: 'verified' },
      order: { verifiedAt: 'ASC', createdAt: 'ASC' },
    });
    return domain?.domain ?? null;
  }

  /**
   * Whether a TLS front may get a certificate for `host` (Caddy's on-demand TLS asks before each new name): our
   * short host, or a custom domain verified right now (read from the database, not the redirector's cache, so a
   * domain verified a second ago gets its certificate and one that lost its TXT record does not).
   */
  async servesTls(host: string): Promise<boolean> {
    const name = host.trim().replace(/\.$/, '').toLowerCase();
    if (name === '' || name.length > 253) return false;
    if (this.reserved.includes(name)) return true;
    return (await this.domains.count({ where: { domain: name, status: 'verified' } })) > 0;
  }

  /** Re-checks up to `limit` domains not checked for `olderThanMs` (never-checked ones first). */
  async recheckDue(olderThanMs: number, limit = 50): Promise<number> {
    const before = new Date(this.clock.now().getTime() - olderThanMs);
    const due = [
      ...(await this.domains.find({ where: { lastCheckedAt: IsNull() }, take: limit })),
      ...(await this.domains.find({
        where: { lastCheckedAt: LessThan(before) },
        order: { lastCheckedAt: 'ASC' },
        take: limit,
      })),
    ].slice(0, limit);
    for (const domain of due) await this.check(domain);
    return due.length;
  }

  /** One TXT lookup and the resulting status (see `nextDomainState`). */
  async check(domain: CustomDomain): Promise<CustomDomain> {
    const lookup = await this.dns.lookupTxt(`${TXT_RECORD_PREFIX}${domain.domain}`);
    const now = this.clock.now();
    const next = nextDomainState(domain, lookup, domain.token, now);
    const wasVerified = domain.status === 'verified';
    Object.assign(domain, next, { lastCheckedAt: now });
    try {
      await this.domains.update(
        { id: domain.id },
        {
          status: domain.status,
          failedChecks: domain.failedChecks,
          lastError: domain.lastError,
          verifiedAt: domain.verifiedAt,
          lastCheckedAt: now,
        },
      );
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code !== '23505') throw error;
      // The partial unique index: another account has this domain verified.
      Object.assign(domain, { status: 'failed', lastError: 'This domain is verified by another account' });
      await this.domains.update(
        { id: domain.id },
        { status: 'failed', lastError: domain.lastError, lastCheckedAt: now, failedChecks: domain.failedChecks },
      );
    }
    if (wasVerified !== (domain.status === 'verified')) {
      await this.changed(domain.domain);
      this.logger.log({ domain: domain.domain, status: domain.status }, 'Custom domain status changed');
    }
    return domain;
  }

  private async owned(memberId: string, id: string): Promise<CustomDomain> {
    const domain = UUID.test(id) ? await this.domains.findOne({ where: { id, memberId } }) : null;
    if (!domain) throw new AppException('not_found', 'No such domain');
    return domain;
  }
}
