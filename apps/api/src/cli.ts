import 'reflect-metadata';
import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AbuseEvents, AbuseEventsModule } from '@app/abuse';
import { acquireEmbeddedLock, AppConfig, AppException, ConfigModule } from '@app/common';
import { CredentialsModule, CredentialsService, MAX_GRACE_SECONDS } from '@app/credentials';
import { MEMBER_PLANS, MemberPlan, MembersModule, MembersService } from '@app/members';
import { databaseModule } from './app.module';
import { startupConfig } from './startup-config';
import {
  ADMIN_CLI_IMPORTS,
  ADMIN_CLI_PROVIDERS,
  ADMIN_COMMANDS,
  ADMIN_USAGE,
  AdminUsageError,
} from './cli/admin-commands';

const USAGE = `Usage:
  npm run cli -- members:create --email E --password P [--admin] [--plan free|pro]
  npm run cli -- credentials:regenerate --email E [--grace-seconds N]
${ADMIN_USAGE}

The first two print {"member_id","api_key","api_token"} as JSON: the only time the token is shown; the others
print their result as one JSON object.`;

@Module({})
class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        databaseModule(),
        MembersModule,
        CredentialsModule,
        AbuseEventsModule,
        ...ADMIN_CLI_IMPORTS,
      ],
      providers: ADMIN_CLI_PROVIDERS,
    };
  }
}

class UsageError extends Error {}

type Flags = Record<string, string | true>;

export function parseArgs(argv: string[]): { command: string | undefined; flags: Flags } {
  const [command, ...rest] = argv;
  const flags: Flags = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) flags[name] = inline;
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) flags[name] = rest[++i];
    else flags[name] = true;
  }
  return { command, flags };
}

function stringFlag(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function planFlag(flags: Flags): MemberPlan {
  const plan = flags.plan ?? 'free';
  if (typeof plan !== 'string' || !(MEMBER_PLANS as readonly string[]).includes(plan)) {
    throw new UsageError(`--plan must be one of: ${MEMBER_PLANS.join(', ')}`);
  }
  return plan as MemberPlan;
}

function graceFlag(flags: Flags): number {
  const raw = flags['grace-seconds'] ?? '0';
  const grace = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(grace >= 0 && grace <= MAX_GRACE_SECONDS))
    throw new UsageError(`--grace-seconds must be 0..${MAX_GRACE_SECONDS}`);
  return grace;
}

async function run(argv: string[]): Promise<object> {
  const { command, flags } = parseArgs(argv);
  const adminCommand = command !== undefined ? ADMIN_COMMANDS[command] : undefined;
  if (command !== 'members:create' && command !== 'credentials:regenerate' && !adminCommand) {
    throw new UsageError(USAGE);
  }
  const { config } = startupConfig();
  const release = config.usesEmbeddedDatabase ? acquireEmbeddedLock(config.DATA_DIR) : () => undefined;
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error'] });
  try {
    if (adminCommand) return await adminCommand(app, flags);
    const members = app.get(MembersService);
    const credentials = app.get(CredentialsService);
    if (command === 'members:create') {
      const member = await members.create({
        email: stringFlag(flags, 'email'),
        password: stringFlag(flags, 'password'),
        role: flags.admin === true ? 'admin' : 'member',
        plan: planFlag(flags),
      });
      const pair = await credentials.issue(member.id);
      return { member_id: member.id, api_key: pair.apiKey, api_token: pair.apiToken };
    }
    const email = stringFlag(flags, 'email');
    const member = await members.findByEmail(email);
    if (!member) throw new UsageError(`No member with email ${email}`);
    const pair = await credentials.issue(member.id, graceFlag(flags));
    // Written when the app context closes, below.
    app.get(AbuseEvents).record({
      type: 'credential_regenerated',
      memberId: member.id,
      keyPreview: pair.credential.keyPreview,
      detail: { grace_seconds: graceFlag(flags), via: 'cli' },
    });
    return { member_id: member.id, api_key: pair.apiKey, api_token: pair.apiToken };
  } finally {
    await app.close();
    release();
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      const message =
        error instanceof UsageError || error instanceof AdminUsageError || error instanceof AppException
          ? error.message
          : String(error);
      process.stderr.write(`${message}\n`);
      process.exitCode = error instanceof UsageError || error instanceof AdminUsageError ? 2 : 1;
    },
  );
}
