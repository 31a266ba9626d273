// ESLint: typescript-eslint's recommended rules (not type-checked: fast) and the boundaries between apps and libs.
// `npm run lint` runs it with Prettier's check; CI (.ci/run) runs both before the tests.
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/**
 * Relative imports stay inside their own lib or app (`libs/<lib>/`, `apps/<app>/`): another lib is reached
 * through its door `@app/<lib>`, never by a path. Files outside libs and apps (test/, bench/) may reach an app by
 * a path (apps have no alias) but a lib only through `@app/<lib>`. No published plugin is installed for this
 * (eslint-plugin-import's no-restricted-paths would do it), hence this small rule.
 */
const noRelativeCrossing = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      leaves:
        "'{{source}}' leaves {{own}}: import another lib through '@app/<lib>' (an app is never imported by a lib).",
      intoLib: "'{{source}}' reaches into a lib by a path: import it through '@app/<lib>'.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const own = /^(libs|apps)\/[^/]+\//.exec(file)?.[0];
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/');
      if (own && !`${target}/`.startsWith(own)) {
        context.report({ node: source, messageId: 'leaves', data: { source: source.value, own: own.slice(0, -1) } });
      } else if (!own && /^libs(\/|$)/.test(target)) {
        context.report({ node: source, messageId: 'intoLib', data: { source: source.value } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

/** Imports through a package's door only: a lib's root (or its `testing` fakes), a framework's public entry. */
const restrictedImports = {
  patterns: [
    {
      regex: '^@app/[^/]+/(?!testing$).+',
      message: "Import a lib through its door: '@app/<lib>' (or '@app/<lib>/testing' for fakes), not a file inside it.",
    },
    {
      regex: '^@nestjs/[^/]+/.+',
      message: "Framework internals: import from the package's root ('@nestjs/core', '@nestjs/common', ...).",
    },
    {
      regex: '^(express|typeorm|ioredis|pg|pino|pino-http|cockatiel|lru-cache)/.+',
      message: "Library internals: import from the package's root.",
    },
  ],
};

export default defineConfig(
  {
    ignores: ['dist/**', 'coverage/**', 'bench/results/**', 'node_modules/**'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { boundaries: { rules: { 'no-relative-crossing': noRelativeCrossing } } },
    rules: {
      'no-restricted-imports': ['error', restrictedImports],
      'boundaries/no-relative-crossing': 'error',
      // `_name` marks a value left unused on purpose (a parameter a signature needs, a key dropped by a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // The input checks and the link extractor match NUL, control characters and emoji code units on purpose.
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
      // False positives on values used only in decorators (a pipe passed to @Param).
      'no-useless-assignment': 'off',
      // Start-up errors replace a low-level error with a message for the operator on purpose.
      'preserve-caught-error': 'off',
    },
  },
);
