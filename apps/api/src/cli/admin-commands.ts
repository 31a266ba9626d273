import type { INestApplicationContext } from '@nestjs/common';
import { AbuseModule, AbuseQueries, banView, IpBanService } from '@app/abuse';
import { AuthModule } from '@app/auth';
import { AppException, Clock, ClockModule } from '@app/common';
import { MEMBER_PLANS, MembersService, type Member, type MemberPlan } from '@app/members';
import { adminMemberJson } from '../presenters/member.presenters';
import { AdminService } from '../admin/admin.service';
import { type CliCommand, type CliValues, UsageError } from './cli-command';

/**
 * The operators' commands (`npm run cli -- <command>`), on the same services as the admin console, so they work
 * against a running deployment: a change reaches every instance the way the console's does (credential caches
 * dropped through Redis or Postgres NOTIFY, sessions ended in the database, bans lifted in Postgres and Redis;
 * without Redis the instances reload their bans within 30 s). Each prints one JSON object.
 */

type Flags = CliValues;

/** What the CLI module needs on top of its own for these commands. */
export const ADMIN_CLI_IMPORTS = [ClockModule, AuthModule, AbuseModule];
export const ADMIN_CLI_PROVIDERS = [AdminService];

function text(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

function optionalText(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} needs a value`);
  return value.trim();
}

function count(flags: Flags, name: string, fallback: number, max: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= max)) throw new UsageError(`--${name} must be 1..${max}`);
  return value;
}

async function memberByEmail(app: INestApplicationContext, flags: Flags): Promise<Member> {
  const email = text(flags, 'email');
  const member = await app.get(MembersService).findByEmail(email);
  if (!member) throw new AppException('not_found', `No member with email ${email}`);
  return member;
}

const STRING = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;

export const ADMIN_COMMANDS: Record<string, CliCommand> = {
  'members:list': {
    usage: 'members:list [--email PART] [--page N] [--per-page N]',
    options: { email: STRING, page: STRING, 'per-page': STRING },
    async run({ app }, flags) {
      const page = count(flags, 'page', 1, 1_000_000);
      const perPage = count(flags, 'per-page', 50, 500);
      const { members, total } = await app
        .get(MembersService)
        .list({ email: optionalText(flags, 'email'), page, perPage });
      return { members: members.map(adminMemberJson), page, per_page: perPage, total };
    },
  },

  'members:set-plan': {
    usage: 'members:set-plan --email E --plan free|pro',
    options: { email: STRING, plan: STRING },
    async run({ app }, flags) {
      const plan = text(flags, 'plan');
      if (!(MEMBER_PLANS as readonly string[]).includes(plan)) {
        throw new UsageError(`--plan must be one of: ${MEMBER_PLANS.join(', ')}`);
      }
      const member = await memberByEmail(app, flags);
      const { member: changed } = await app.get(AdminService).change(null, member.id, { plan: plan as MemberPlan });
      return { member: changed };
    },
  },

  'members:disable': {
    usage: 'members:disable --email E [--enable]',
    options: { email: STRING, enable: FLAG },
    async run({ app }, flags) {
      const member = await memberByEmail(app, flags);
      const disabled = flags.enable !== true;
      const { member: changed } = await app.get(AdminService).change(null, member.id, { disabled });
      return { member: changed };
    },
  },

  'bans:list': {
    usage: 'bans:list [--ip ADDRESS] [--all] [--limit N]',
    options: { ip: STRING, all: FLAG, limit: STRING },
    async run({ app }, flags) {
      const page = await app.get(AbuseQueries).listBans({
        ip: optionalText(flags, 'ip'),
        status: flags.all === true ? 'all' : 'active',
        limit: count(flags, 'limit', 50, 500),
      });
      const now = app.get(Clock).now();
      return { bans: page.items.map((ban) => banView(ban, now)), next_cursor: page.nextCursor };
    },
  },

  'bans:lift': {
    usage: 'bans:lift --ip ADDRESS --by ADMIN_EMAIL',
    options: { ip: STRING, by: STRING },
    async run({ app }, flags) {
      const ip = text(flags, 'ip');
      const by = await app.get(MembersService).findByEmail(text(flags, 'by'));
      if (!by || by.role !== 'admin') throw new UsageError('--by must be the email of an admin (the audit names them)');
      const { ip: key, lifted } = await app.get(IpBanService).lift(ip, by.id);
      const now = app.get(Clock).now();
      return { ip: key, lifted: lifted.map((ban) => banView(ban, now)) };
    },
  },
};
