/** Unit tests sit next to the code (`*.spec.ts`); end-to-end tests boot the real app (`test/*.e2e-spec.ts`). */
const moduleNameMapper = {
  '^@app/(common|members|credentials|conversion|auth|usage|abuse|shortlinks|outbound|metrics|analytics|products)(|/.*)$':
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
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      moduleNameMapper,
      transform,
      transformIgnorePatterns,
    },
  ],
};
