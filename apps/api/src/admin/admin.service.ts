import { Injectable, Logger } from '@nestjs/common';
import { AppException } from '@app/common';
import { Member, MembersService, type MemberChanges } from '@app/members';
import { adminMemberJson } from '../presenters/member.presenters';

/** Member administration: listing, plan and role changes, disabling (which ends access everywhere). */
@Injectable()
export class AdminService {
  private readonly logger = new Logger(AdminService.name);

  constructor(private readonly members: MembersService) {}

  async list(email: string | undefined, page: number, perPage: number) {
    const { members, total } = await this.members.list({ email, page, perPage });
    return { ok: true as const, members: members.map(adminMemberJson), page, per_page: perPage, total };
  }

  /** `admin` is the admin making the change, or null for the CLI (run by an operator on the server). */
  async change(admin: Pick<Member, 'id'> | null, memberId: string, changes: MemberChanges) {
    if (admin?.id === memberId && (changes.role === 'member' || changes.disabled === true)) {
      throw new AppException('conflict', 'You cannot remove your own admin role or disable your own account');
    }
    // Emits MemberChanged or MemberDisabled once saved, and waits for the listeners: cached API credentials are
    // dropped everywhere (plan and role travel with verified pairs; a disabled member's pairs stop at once) and a
    // disabled member's sessions are ended (the auth lib's MemberSessionsListener) before it returns.
    const member = await this.members.change(memberId, changes);
    this.logger.log({ adminId: admin?.id ?? 'cli', memberId, changes }, 'Member changed by an admin');
    return { ok: true as const, member: adminMemberJson(member) };
  }
}
