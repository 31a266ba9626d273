import type { Member } from '@app/members';

/**
 * A member as the JSON answers show it (the account's and the admin's routes and the CLI): never the password hash
 * or the session version. The pages have their own views (`views/`).
 */
export function memberJson(member: Member) {
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    plan: member.plan,
    created_at: member.createdAt,
  };
}

/** A member as the admin's JSON shows it: also whether the account is disabled. */
export function adminMemberJson(member: Member) {
  return {
    ...memberJson(member),
    disabled: member.disabledAt !== null,
    disabled_at: member.disabledAt,
  };
}
