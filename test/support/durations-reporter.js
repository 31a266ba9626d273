/**
 * A Jest reporter that records how long each test file took, on every run: `test-results/durations.json` (each
 * file's lane, seconds, start and end, number of tests, failed or not; each lane's wall time from its first file's
 * start to its last file's end) and, at the end of the run, the slowest files and the lanes on the output. The
 * slowest files and why they are slow are listed in docs/testing.md; compare a change's figures with a run before it.
 */
'use strict';
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

/** How many of the slowest files the summary lists (`TEST_DURATIONS_TOP=N` for another count). */
const TOP = Number(process.env.TEST_DURATIONS_TOP) || 10;

class DurationsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.files = [];
  }

  onTestFileResult(test, result) {
    const { start, end } = result.perfStats;
    this.files.push({
      file: relative(this.rootDir, result.testFilePath),
      lane: test.context.config.displayName?.name ?? 'default',
      seconds: Math.round((end - start) / 100) / 10,
      start,
      end,
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests,
      failed: result.numFailingTests > 0 || Boolean(result.testExecError),
    });
  }

  onRunComplete(_contexts, results) {
    if (this.files.length === 0) return;
    const files = [...this.files].sort((a, b) => b.seconds - a.seconds);
    const lanes = {};
    for (const file of files) {
      const lane = (lanes[file.lane] ??= { files: 0, tests: 0, start: Infinity, end: 0, busySeconds: 0 });
      lane.files += 1;
      lane.tests += file.tests;
      lane.start = Math.min(lane.start, file.start);
      lane.end = Math.max(lane.end, file.end);
      lane.busySeconds += file.seconds;
    }
    const laneSummary = Object.fromEntries(
      Object.entries(lanes).map(([name, lane]) => [
        name,
        {
          files: lane.files,
          tests: lane.tests,
          wallSeconds: Math.round((lane.end - lane.start) / 100) / 10,
          busySeconds: Math.round(lane.busySeconds * 10) / 10,
        },
      ]),
    );
    const wallSeconds = Math.round((Date.now() - results.startTime) / 100) / 10;
    const dir = join(this.rootDir, 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'durations.json'),
      `${JSON.stringify({ finishedAt: new Date().toISOString(), wallSeconds, lanes: laneSummary, files }, null, 2)}\n`,
    );
    if (files.length < 2) return;
    const lines = [`Slowest test files (all ${files.length} in test-results/durations.json):`];
    for (const file of files.slice(0, TOP)) lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.file}`);
    lines.push(
      `Lanes: ${Object.entries(laneSummary)
        .map(([name, lane]) => `${name} ${lane.files} files ${lane.wallSeconds} s`)
        .join(', ')}; whole run ${wallSeconds} s`,
    );
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}

module.exports = DurationsReporter;
