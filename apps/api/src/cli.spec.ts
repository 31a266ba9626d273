import { COMMANDS, parseCommand, usage } from './cli';
import { UsageError } from './cli/cli-command';
import { DB_COMMANDS } from './cli/db-commands';

describe('CLI argument parsing (node:util parseArgs, a table of commands)', () => {
  it('parses a known command strictly', () => {
    const { name, values } = parseCommand(['members:create', '--email', 'a@example.com', '--admin', '--plan=pro']);
    expect(name).toBe('members:create');
    expect(values).toMatchObject({ email: 'a@example.com', admin: true, plan: 'pro' });
  });

  it('refuses unknown commands and options, and any password on the command line, with the usage', () => {
    expect(() => parseCommand([])).toThrow(UsageError);
    expect(() => parseCommand(['members:delete'])).toThrow(/Usage:/);
    expect(() => parseCommand(['members:create', '--colour', 'red'])).toThrow(/--colour/);
    expect(() => parseCommand(['members:create', '--email', 'a@example.com', '--password', 'hunter22'])).toThrow(
      /--password-stdin/,
    );
    expect(() => parseCommand(['members:create', '--password=hunter22'])).toThrow(/--password is not accepted/);
  });

  it('parses the database commands with the same parser', () => {
    const { name, command, values } = parseCommand(['db:backup', '--out', 'b.gz', '--with-secrets']);
    expect(name).toBe('db:backup');
    expect('standalone' in command).toBe(true);
    expect(values).toMatchObject({ out: 'b.gz', 'with-secrets': true });
    expect(parseCommand(['db:move', '--to', 'postgres://h/db', '--secrets-out', 's.env']).values).toMatchObject({
      to: 'postgres://h/db',
      'secrets-out': 's.env',
    });
    expect(() => parseCommand(['db:restore', '--in', 'b.gz', '--yes'])).toThrow(/--yes/);
    expect(usage()).toContain('npm run -s cli -- db:move --to POSTGRES_URL');
  });

  it('refuses a db:move without a PostgreSQL URL before opening anything', async () => {
    await expect(DB_COMMANDS['db:move'].run({ to: 'mysql://h/db' })).rejects.toThrow(/--to must be a postgres:\/\//);
  });

  it('lists every command of the table in the usage, run with npm run -s', () => {
    for (const command of Object.values(COMMANDS)) expect(usage()).toContain(`npm run -s cli -- ${command.usage}`);
  });
});
