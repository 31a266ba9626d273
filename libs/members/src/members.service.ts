import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppException } from '@app/common';
import { QueryFailedError, Repository } from 'typeorm';
import { Member, MemberPlan, MemberRole } from './member.entity';
import { PasswordHasher, passwordProblem } from './password-hasher';

export interface NewMember {
  email: string;
  password: string;
  role?: MemberRole;
  plan?: MemberPlan;
}

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const UNIQUE_VIOLATION = '23505';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class MembersService {
  constructor(
    @InjectRepository(Member) private readonly members: Repository<Member>,
    private readonly passwords: PasswordHasher,
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
      disabledAt: null,
    });
    try {
      return await this.members.save(member);
    } catch (error) {
      if (error instanceof QueryFailedError && (error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new AppException('invalid_request', 'A member with this email already exists', { field: 'email' });
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
}
