export { Member, MEMBER_PLANS, MEMBER_ROLES, type MemberPlan, type MemberRole } from './member.entity';
export { MembersModule } from './members.module';
export { MembersService, normalizeEmail, type NewMember } from './members.service';
export { PasswordHasher, passwordProblem, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from './password-hasher';
