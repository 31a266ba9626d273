import type { INestApplicationContext } from '@nestjs/common';
import type { ParseArgsConfig } from 'node:util';

/** A mistake in the command line: the message (and the usage) on stderr, exit code 2. */
export class UsageError extends Error {}

export type CliValues = Record<string, string | boolean | undefined>;

/** What a command gets: the app (its services) and the password, read the safe way. */
export interface CliContext {
  app: INestApplicationContext;
  /** From stdin with `--password-stdin`, else asked on the terminal without echo. Never from the command line. */
  password(values: CliValues): Promise<string>;
}

/**
 * One CLI command: its usage line, its options (`node:util` parseArgs) and its handler, which returns the JSON
 * printed on stdout. Add a command by adding an entry to `COMMANDS`.
 */
export interface CliCommand {
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(context: CliContext, values: CliValues): Promise<object>;
}

/**
 * A command that opens the database itself, without the app (the `db:*` commands: a restore must reach an empty
 * database before any migration runs; a move opens two). It gets the options only and returns the JSON answer.
 */
export interface StandaloneCliCommand {
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  standalone: true;
  run(values: CliValues): Promise<object>;
}
