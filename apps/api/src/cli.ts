import 'reflect-metadata';
import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AbuseEvents, AbuseEventsModule } from '@app/abuse';
import { AuditModule } from '@app/audit';
import { AppException, ConfigModule, type LoadedConfig } from '@app/common';
import { databaseConfig, type DatabaseTarget } from '@app/database';
import { CredentialsModule, CredentialsService, MAX_GRACE_SECONDS } from '@app/credentials';
import { MEMBER_PLANS, MemberPlan, MembersModule, MembersService } from '@app/members';
import { format, parseArgs as parseNodeArgs } from 'node:util';
import { databaseModule } from './app.module';
import { startupConfig } from './startup-config';
import { ADMIN_CLI_IMPORTS, ADMIN_CLI_PROVIDERS, ADMIN_COMMANDS } from './cli/admin-commands';
import { type CliCommand, type CliValues, type StandaloneCliCommand, UsageError } from './cli/cli-command';
import { databaseAccess } from './cli/database-access';
import { DB_COMMANDS } from './cli/db-commands';

@Module({})
class CliModule {
  static forRoot(config: LoadedConfig, embeddedSocket: DatabaseTarget['embeddedSocket']): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        // The abuse log's flush, the ban sync and the session prune of the modules below register their periodic
        // tasks here, as in the api (a command is over long before most of them tick; the log is written at close).
        ScheduleModule.forRoot(),
        // The domain events: e.g. a member changed here drops their cached credentials on the running instances.
        EventEmitterModule.forRoot(),
        databaseModule(embeddedSocket),
        MembersModule,
        CredentialsModule,
        AbuseEventsModule,
        // What a command does to an account (a pair made, a plan changed, a member disabled) is audited, by the service.
        AuditModule,
        ...ADMIN_CLI_IMPORTS,
      ],
      providers: ADMIN_CLI_PROVIDERS,
    };
  }
}

const PASSWORD_STDIN = { 'password-stdin': { type: 'boolean' } } as const;

export function stringOption(values: CliValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function planOption(values: CliValues): MemberPlan {
  const plan = values.plan ?? 'free';
  if (typeof plan !== 'string' || !(MEMBER_PLANS as readonly string[]).includes(plan)) {
    throw new UsageError(`--plan must be one of: ${MEMBER_PLANS.join(', ')}`);
  }
  return plan as MemberPlan;
}

function graceOption(values: CliValues): number {
  const raw = values['grace-seconds'] ?? '0';
  const grace = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(grace >= 0 && grace <= MAX_GRACE_SECONDS))
    throw new UsageError(`--grace-seconds must be 0..${MAX_GRACE_SECONDS}`);
  return grace;
}

export const COMMANDS: Record<string, CliCommand> = {
  'members:create': {
    usage: 'members:create --email E [--admin] [--plan free|pro] [--password-stdin]',
    options: { email: { type: 'string' }, admin: { type: 'boolean' }, plan: { type: 'string' }, ...PASSWORD_STDIN },
    async run({ app, password }, values) {
      const email = stringOption(values, 'email');
      const plan = planOption(values);
      const member = await app.get(MembersService).create({
        email,
        password: await password(values),
        role: values.admin === true ? 'admin' : 'member',
        plan,
      });
      const pair = await app.get(CredentialsService).issue(member.id);
      return { member_id: member.id, api_key: pair.apiKey, api_token: pair.apiToken };
    },
  },
  'credentials:regenerate': {
    usage: 'credentials:regenerate --email E [--grace-seconds N]',
    options: { email: { type: 'string' }, 'grace-seconds': { type: 'string' } },
    async run({ app }, values) {
      const email = stringOption(values, 'email');
      const grace = graceOption(values);
      const member = await app.get(MembersService).findByEmail(email);
      if (!member) throw new UsageError(`No member with email ${email}`);
      const pair = await app.get(CredentialsService).issue(member.id, grace);
      // Written when the app context closes.
      app.get(AbuseEvents).record({
        type: 'credential_regenerated',
        memberId: member.id,
        keyPreview: pair.credential.keyPreview,
        detail: { grace_seconds: grace, via: 'cli' },
      });
      return { member_id: member.id, api_key: pair.apiKey, api_token: pair.apiToken };
    },
  },
  // The operators' commands, on the admin console's services.
  ...ADMIN_COMMANDS,
};

/** Every command: those on the app's services, then the database commands (`cli/db-commands.ts`). */
const ALL_COMMANDS: Record<string, CliCommand | StandaloneCliCommand> = { ...COMMANDS, ...DB_COMMANDS };

export function usage(): string {
  const lines = Object.values(ALL_COMMANDS).map((command) => `  npm run -s cli -- ${command.usage}`);
  return (
    `Usage:\n${lines.join('\n')}\n\n` +
    'stdout carries only the JSON answer. Passwords are asked on the terminal, or read from stdin with ' +
    '--password-stdin (never on the command line). members:create and credentials:regenerate print ' +
    '{"member_id","api_key","api_token"}: the only time the token is shown. Works while the service runs ' +
    '(db:restore and db:move need it stopped; see docs/operations.md, "Backups and restores").'
  );
}

/** The command and its options, parsed with `node:util` parseArgs (strict: an unknown option is a usage error). */
export function parseCommand(argv: string[]): {
  name: string;
  command: CliCommand | StandaloneCliCommand;
  values: CliValues;
} {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : ALL_COMMANDS[name];
  if (!command) throw new UsageError(usage());
  if (rest.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new UsageError(
      '--password is not accepted: a password on the command line shows in `ps` and the shell history. ' +
        'Answer the prompt, or pipe it with --password-stdin',
    );
  }
  try {
    const { values } = parseNodeArgs({ args: rest, options: command.options, strict: true, allowPositionals: false });
    return { name, command, values: values as CliValues };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage()}`);
  }
}

/** stdin read to its end, without the final line break (`printf '%s' pw` and `echo pw` give the same). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal (stderr) and reads a line without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new UsageError('Cancelled'));
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else value += char;
      }
    };
    process.stderr.write(question);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

async function readPassword(values: CliValues): Promise<string> {
  if (values['password-stdin'] === true) return readStdin();
  if (!process.stdin.isTTY) {
    throw new UsageError('No terminal to ask the password on: pipe it with --password-stdin');
  }
  return promptHidden('Password: ');
}

export async function run(argv: string[]): Promise<object> {
  const { command, values } = parseCommand(argv);
  if ('standalone' in command) return command.run(values);
  const { config } = startupConfig();
  const access = databaseAccess(config.get(databaseConfig));
  try {
    const app = await NestFactory.createApplicationContext(CliModule.forRoot(config, access.embeddedSocket), {
      logger: ['error'],
    });
    try {
      return await command.run({ app, password: readPassword }, values);
    } finally {
      await app.close();
    }
  } finally {
    access.release();
  }
}

if (require.main === module) {
  // stdout is the JSON answer's alone: anything else written there (a migration log line...) goes to stderr.
  const writeJson = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  console.log = console.info = (...args: unknown[]) => process.stderr.write(`${format(...args)}\n`);
  run(process.argv.slice(2)).then(
    (result) => writeJson(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      const message =
        error instanceof UsageError || error instanceof AppException || error instanceof Error
          ? error.message
          : String(error);
      process.stderr.write(`${message}\n`);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    },
  );
}
