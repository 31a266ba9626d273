import { Controller, Inject, Param, Query } from '@nestjs/common';
import { Audited } from '@app/audit';
import { auditConfig, type AuditConfig, AuditLog } from '@app/audit';
import { AdminOnly, CurrentMember, SignedIn } from '@app/auth';
import { type Member, MembersService } from '@app/members';
import { WebhookEndpointsService } from '@app/webhooks';
import { HtmlGet, HtmlPost, PagesController } from '../pages/page.decorators';
import { Viewer } from '../pages/viewer.decorator';
import { SecuritySection } from '../views/account/security';
import { AccountNotices } from '../views/account/notices';
import { AuditPage } from '../views/admin/audit';
import { AccountFrame, AdminFrame } from '../views/frame';
import { renderPage, renderPartial } from '../views/render';

const PER_PAGE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pageNumber(text: string | undefined): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 100_000) : 1;
}

/**
 * The member's security log (`/dashboard/security`) and the notice's "turn it back on" for a webhook endpoint turned
 * off after failing (every account page shows the notice: views/frame.tsx).
 */
@PagesController()
@Audited()
@Controller('dashboard')
@SignedIn()
export class AuditPagesController {
  constructor(
    private readonly log: AuditLog,
    private readonly webhooks: WebhookEndpointsService,
    @Inject(auditConfig.KEY) private readonly config: AuditConfig,
  ) {}

  @HtmlGet('security')
  async security(@CurrentMember() member: Member, @Viewer() viewer: Viewer, @Query('page') pageText?: string) {
    const page = pageNumber(pageText);
    const { entries, total } = await this.log.numberedPage({ memberId: member.id, page, perPage: PER_PAGE });
    return renderPage(
      <AccountFrame viewer={viewer} section="security">
        <SecuritySection
          entries={entries}
          page={page}
          total={total}
          perPage={PER_PAGE}
          retentionDays={this.config.AUDIT_LOG_RETENTION_DAYS}
        />
      </AccountFrame>,
    );
  }

  /** Turns a webhook endpoint of the member's back on (as `PATCH /api/webhooks/endpoints/:id` with `enabled: true`). */
  @HtmlPost('notices/webhooks/:id/enable')
  async enableWebhook(@CurrentMember() member: Member, @Param('id') id: string) {
    const endpoint = await this.webhooks.update(member.id, id, { enabled: true });
    const disabled = await this.webhooks.disabled(member.id);
    return renderPartial(<AccountNotices disabled={disabled} status={`${endpoint.url} is on again.`} />);
  }
}

/** Every member's audit log for admins (`/console/audit`), filtered by member. */
@PagesController()
@Audited()
@Controller('console')
@AdminOnly()
export class AdminAuditPagesController {
  constructor(
    private readonly log: AuditLog,
    private readonly members: MembersService,
  ) {}

  @HtmlGet('audit')
  async audit(@Viewer() viewer: Viewer, @Query('member') memberText?: string, @Query('page') pageText?: string) {
    const page = pageNumber(pageText);
    const wanted = typeof memberText === 'string' ? memberText.trim().slice(0, 254) : '';
    const found = !wanted
      ? null
      : UUID.test(wanted)
        ? await this.members.findById(wanted)
        : await this.members.findByEmail(wanted);
    const { entries, total } =
      wanted && !found
        ? { entries: [], total: 0 }
        : await this.log.numberedPage({ memberId: found?.id, page, perPage: PER_PAGE });
    const ids = entries.flatMap((entry) => [entry.member_id, ...(entry.actor_id ? [entry.actor_id] : [])]);
    const emails = new Map((await this.members.findByIds(ids)).map((member) => [member.id, member.email]));
    return renderPage(
      <AdminFrame viewer={viewer} section="audit">
        <AuditPage
          entries={entries}
          emails={emails}
          member={found?.email ?? wanted}
          page={page}
          total={total}
          perPage={PER_PAGE}
        />
      </AdminFrame>,
    );
  }
}
