/**
 * The test projects, run in lanes at the same time (test/support/lanes-runner.js; docs/testing.md):
 * - unit: the specs beside the code (`*.spec.ts`), `test/architecture/` and `test/ops/` checks: no database, no
 *   process (`npm run test:unit` runs this lane alone);
 * - e2e: `test/<feature>/*.e2e-spec.ts` booting the real app in the test's process;
 * - process: the e2e files that run the api as separate processes (test/support/api-process.ts), from the build
 *   (`dist/`, built first when stale: test/support/process-setup.js);
 * - browser: the e2e files that drive Chromium (test/support/browser.ts), one at a time in a lane of their own.
 * unit, e2e and process share one pool of workers; each worker of the e2e lanes has a database of its own, a copy
 * of one migrated once per run (test/support/test-databases.js), and each test its own Redis key prefix.
 * Which e2e file is in which project is read from the file: what it imports from test/support.
 */
const { availableParallelism } = require('node:os');
const { readFileSync, readdirSync } = require('node:fs');
const { join, relative } = require('node:path');

const moduleNameMapper = {
  '^@app/(common|database|http|messaging|members|credentials|conversion|auth|usage|abuse|shortlinks|outbound|metrics|analytics|products|webhooks|idempotency|audit)(|/.*)$':
    '<rootDir>/libs/$1/src$2',
};
const transform = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  // Preact (the views' runtime) ships ES modules only: Node loads them with require(esm), Jest needs CommonJS.
  '/node_modules/preact/.+\\.m?js$': [
    'ts-jest',
    { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' }, diagnostics: false },
  ],
};
const transformIgnorePatterns = ['/node_modules/(?!preact/)'];

/** Every e2e file under test/, by the project it belongs to. */
function e2eFilesByProject() {
  const byProject = { e2e: [], process: [], browser: [] };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.e2e-spec.ts')) {
        const source = readFileSync(path, 'utf8');
        const project = /from '\.\.\/support\/browser'/.test(source)
          ? 'browser'
          : /\b(ApiProcess|runToExit|runCli)\b/.test(source)
            ? 'process'
            : 'e2e';
        byProject[project].push(`<rootDir>/${relative(__dirname, path)}`);
      }
    }
  };
  walk(join(__dirname, 'test'));
  return byProject;
}
const e2eFiles = e2eFilesByProject();

const common = { rootDir: __dirname, testEnvironment: 'node', moduleNameMapper, transform, transformIgnorePatterns };
const runner = '<rootDir>/test/support/lanes-runner.js';
const e2e = {
  ...common,
  runner,
  globalTeardown: '<rootDir>/test/support/e2e-teardown.js',
  setupFiles: ['<rootDir>/test/support/e2e-worker.js'],
};

module.exports = {
  testTimeout: 60000,
  // At least two workers in the shared pool (Jest runs everything in band with one).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  reporters: ['default', '<rootDir>/test/support/durations-reporter.js'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      runner,
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    },
    { ...e2e, displayName: 'e2e', testMatch: e2eFiles.e2e, globalSetup: '<rootDir>/test/support/e2e-setup.js' },
    {
      ...e2e,
      displayName: 'process',
      testMatch: e2eFiles.process,
      globalSetup: '<rootDir>/test/support/process-setup.js',
    },
    {
      ...e2e,
      displayName: 'browser',
      testMatch: e2eFiles.browser,
      globalSetup: '<rootDir>/test/support/e2e-setup.js',
      // A lane (worker pool) of its own, with one worker.
      globals: { TEST_LANE: 'browser', TEST_LANE_WORKERS: 1 },
    },
  ],
};
