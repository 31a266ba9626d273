import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { In, QueryFailedError, Repository } from 'typeorm';
import { Member, MemberPlan, MemberRole } from './member.entity';
import { type MemberChange, MemberChanged, MemberDisabled, PasswordChanged } from './member-events';
import { PasswordHasher, passwordProblem } from './password-hasher';

export interface NewMember {
  email: string;
  password: string;
  role?: MemberRole;
  plan?: MemberPlan;
}

export interface MemberQuery {
  /** Part of the email address, case-insensitive. */
  email?: string;
  /** 1-based. */
  page: number;
  perPage: number;
}

export interface MemberChanges {
  plan?: MemberPlan;
  role?: MemberRole;
  disabled?: boolean;
}

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const UNIQUE_VIOLATION = '23505';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

@Injectable()
export class MembersService {
  constructor(
    @InjectRepository(Member) private readonly members: Repository<Member>,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
    private readonly events: EventEmitter2,
  ) {}

  async create(input: NewMember): Promise<Member> {
    const email = normalizeEmail(input.email);
    if (email.length > 254 || !EMAIL_SHAPE.test(email)) {
      throw new AppException('invalid_request', 'The email address is not valid', { field: 'email' });
    }
    const problem = passwordProblem(input.password);
    if (problem) throw new AppException('invalid_request', problem, { field: 'password' });
    const member = this.members.create({
      email,
      passwordHash: await this.passwords.hash(input.password),
      role: input.role ?? 'member',
      plan: input.plan ?? 'free',
      defaultAffiliateId: null,
      defaultSubIds: [],
      marketplaceSettings: {},
      sessionVersion: 0,
      disabledAt: null,
    });
    try {
      return await this.members.save(member);
    } catch (error) {
      if (error instanceof QueryFailedError && (error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new AppException('conflict', 'A member with this email already exists', { field: 'email' });
      }
      throw error;
    }
  }

  findByEmail(email: string): Promise<Member | null> {
    return this.members.findOneBy({ email: normalizeEmail(email) });
  }

  findById(id: string): Promise<Member | null> {
    return this.members.findOneBy({ id });
  }

  /** The members of the given ids that exist (any order; unknown ids are left out), one query. */
  findByIds(ids: readonly string[]): Promise<Member[]> {
    const wanted = [...new Set(ids)];
    return wanted.length === 0 ? Promise.resolve([]) : this.members.findBy({ id: In(wanted) });
  }

  /**
   * Replaces the password and bumps the session version, so every session made before is refused from now
   * on (the caller also deletes them). Returns the member as it is now.
   */
  async setPassword(memberId: string, password: string): Promise<Member> {
    const problem = passwordProblem(password);
    if (problem) throw new AppException('invalid_request', problem, { field: 'new_password' });
    const passwordHash = await this.passwords.hash(password);
    await this.members
      .createQueryBuilder()
      .update(Member)
      .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
      .where('id = :memberId', { memberId })
      .execute();
    const member = await this.findById(memberId);
    if (!member) throw new AppException('not_found', 'No such member');
    await this.events.emitAsync(PasswordChanged.event, new PasswordChanged(memberId));
    return member;
  }

  /**
   * Replaces a legacy password hash with the current form after the password was checked against it. Only while
   * the stored hash is still the one checked (a password changed meanwhile is kept); sessions are untouched.
   */
  async upgradePasswordHash(member: Member, password: string): Promise<void> {
    if (!this.passwords.needsRehash(member.passwordHash)) return;
    const passwordHash = await this.passwords.hash(password);
    await this.members.update({ id: member.id, passwordHash: member.passwordHash }, { passwordHash });
    member.passwordHash = passwordHash;
  }

  /** A page of members, newest first, optionally filtered by part of the email address. */
  async list(query: MemberQuery): Promise<{ members: Member[]; total: number }> {
    const builder = this.members.createQueryBuilder('member').orderBy('member.created_at', 'DESC');
    const email = query.email?.trim().toLowerCase();
    if (email) builder.where(`member.email LIKE :pattern ESCAPE '\\'`, { pattern: `%${likeLiteral(email)}%` });
    const [members, total] = await builder
      .addOrderBy('member.id', 'ASC')
      .skip((query.page - 1) * query.perPage)
      .take(query.perPage)
      .getManyAndCount();
    return { members, total };
  }

  /**
   * Changes plan, role or the disabled state. Disabling sets `disabled_at` and bumps the session version
   * (the auth lib's listener ends the sessions); enabling clears `disabled_at`. Once saved, emits `MemberDisabled`
   * (disabling) or `MemberChanged` and waits for its listeners (cached credentials dropped everywhere).
   */
  async change(memberId: string, changes: MemberChanges): Promise<Member> {
    const member = await this.findById(memberId);
    if (!member) throw new AppException('not_found', 'No such member');
    if (changes.plan !== undefined) member.plan = changes.plan;
    if (changes.role !== undefined) member.role = changes.role;
    if (changes.disabled === true && !member.disabledAt) {
      member.disabledAt = this.clock.now();
      member.sessionVersion += 1;
    }
    if (changes.disabled === false) member.disabledAt = null;
    const saved = await this.members.save(member);
    if (changes.disabled === true) {
      await this.events.emitAsync(MemberDisabled.event, new MemberDisabled(memberId));
    } else {
      const changed: MemberChange[] = [];
      if (changes.plan !== undefined) changed.push('plan');
      if (changes.role !== undefined) changed.push('role');
      if (changes.disabled === false) changed.push('enabled');
      await this.events.emitAsync(MemberChanged.event, new MemberChanged(memberId, changed));
    }
    return saved;
  }
}
