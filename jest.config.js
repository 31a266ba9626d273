/** Unit tests sit next to the code (`*.spec.ts`); end-to-end tests boot the real app (`test/*.e2e-spec.ts`). */
const moduleNameMapper = {
  '^@app/(common|members|credentials|conversion|auth|usage|abuse|shortlinks|outbound|metrics|analytics)(|/.*)$':
    '<rootDir>/libs/$1/src$2',
};
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] };

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
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      moduleNameMapper,
      transform,
    },
  ],
};
