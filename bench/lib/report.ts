import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../test/support/api-process';
import type { Throughput } from './load';
import { machine, SETTINGS } from './settings';

export type Row = Record<string, string | number | boolean | null>;

/**
 * A convert benchmark's row: one server's figures for one text. `ratio`: its calls/s over the bare server's (null
 * for a paced run); `cpu`: its CPU µs per call, a column only of the benchmarks that measure it.
 */
export function convertRow(
  text: string,
  server: string,
  result: Throughput,
  ratio: number | null,
  cpu?: number | null,
): Row {
  return {
    text,
    server,
    'req/s': round(result.requestsPerSecond, 0),
    // Two decimals, as the generators give them (a median of an even count of rounds is a mean of two).
    'p50 ms': round(result.p50Ms, 2),
    'p99 ms': round(result.p99Ms, 2),
    errors: result.errors,
    'ratio to bare': ratio,
    ...(cpu === undefined ? {} : { 'CPU µs/call': cpu }),
  };
}

/** Prints rows as an aligned text table (numbers right-aligned). */
export function printTable(title: string, rows: Row[]): void {
  process.stdout.write(`\n${title}\n`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const cell = (value: Row[string]) => (value === null ? '—' : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[], numeric: boolean[]) =>
    values.map((value, i) => (numeric[i] ? value.padStart(widths[i]) : value.padEnd(widths[i]))).join('  ');
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === 'number' || row[column] === null));
  process.stdout.write(
    `${line(
      columns,
      numeric.map(() => false),
    )}\n`,
  );
  process.stdout.write(`${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
  for (const row of rows)
    process.stdout.write(
      `${line(
        columns.map((column) => cell(row[column])),
        numeric,
      )}\n`,
    );
}

/**
 * Writes a benchmark's result as JSON under bench/results/: `<name>-<timestamp>.json` and `<name>.latest.json`.
 * Returns the path of the timestamped file.
 */
export function writeResult(name: string, result: Record<string, unknown>): string {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const at = new Date().toISOString();
  const document = { benchmark: name, at, machine: machine(), settings: SETTINGS, ...result };
  const file = join(dir, `${name}-${at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(join(dir, `${name}.latest.json`), `${JSON.stringify(document, null, 2)}\n`);
  return file;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
