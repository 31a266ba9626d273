/**
 * Unit tests sit next to the code (`*.spec.ts`) and in `test/architecture/` and `test/ops/` (`*.spec.ts`: checks of
 * the sources and the settings); end-to-end tests boot the real app (`test/<feature>/*.e2e-spec.ts`).
 * The unit project runs on workers in parallel; the e2e project runs its files one after the other in the main
 * process (`test/support/serial-runner.js`): they share one database and one Redis.
 */
const { availableParallelism } = require('node:os');

const moduleNameMapper = {
  '^@app/(common|database|http|messaging|members|credentials|conversion|auth|usage|abuse|shortlinks|outbound|metrics|analytics|products|webhooks|idempotency)(|/.*)$':
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

module.exports = {
  testTimeout: 60000,
  // At least two workers for the unit project (Jest runs everything in band with one).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      moduleNameMapper,
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      runner: '<rootDir>/test/support/serial-runner.js',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      moduleNameMapper,
      transform,
      transformIgnorePatterns,
    },
  ],
};
