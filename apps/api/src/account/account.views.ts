import type { Member } from '@app/members';

/** What the account and admin JSON say about a member: never the password hash or the session version. */
export function memberView(member: Member) {
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    plan: member.plan,
    created_at: member.createdAt,
  };
}

export function adminMemberView(member: Member) {
  return {
    ...memberView(member),
    disabled: member.disabledAt !== null,
    disabled_at: member.disabledAt,
  };
}
