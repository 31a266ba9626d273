import { COMMANDS, parseCommand, usage } from './cli';
import { UsageError } from './cli/cli-command';

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

  it('lists every command of the table in the usage, run with npm run -s', () => {
    for (const command of Object.values(COMMANDS)) expect(usage()).toContain(`npm run -s cli -- ${command.usage}`);
  });
});
