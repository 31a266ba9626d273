import { ESLint } from 'eslint';
import { join } from 'node:path';

/**
 * The boundary rules of eslint.config.mjs bite: each snippet is linted in memory as if it were the named file,
 * with the repository's own configuration.
 */
describe('lint: boundaries between apps and libs', () => {
  const eslint = new ESLint({ cwd: join(__dirname, '..', '..') });

  async function problems(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  }

  it.each([
    ['a deep import into a lib', 'libs/usage/src/x.ts', "import { X } from '@app/conversion/src/modes/x';"],
    ['a file inside a lib by its alias', 'apps/api/src/x.ts', "import { X } from '@app/conversion/resolver';"],
    ['a framework internal', 'apps/api/src/x.ts', "import { X } from '@nestjs/core/helpers/execution-context-host';"],
    ['an Express internal', 'libs/http/src/x.ts', "import X from 'express/lib/router';"],
  ])('refuses %s', async (_name, file, code) => {
    expect(await problems(file, `${code}\nexport const y = X;\n`)).toEqual([
      expect.stringMatching(/^no-restricted-imports: /),
    ]);
  });

  it.each([
    ['a relative import into another lib', 'libs/abuse/src/bans/x.ts', '../../../conversion/src/links'],
    ['a relative import from a lib into an app', 'libs/common/src/x.ts', '../../../apps/api/src/app.module'],
    ['a relative import across apps', 'apps/redirector/src/x.ts', '../../api/src/configure-app'],
    ['a relative import from a test into a lib', 'test/x.e2e-spec.ts', '../libs/database/src/migrations'],
  ])('refuses %s', async (_name, file, source) => {
    expect(await problems(file, `import { X } from '${source}';\nexport const y = X;\n`)).toEqual([
      expect.stringMatching(/^boundaries\/no-relative-crossing: /),
    ]);
  });

  it("lets a lib's own relative imports, a lib's door and its testing fakes through", async () => {
    const code = [
      "import { A } from './a';",
      "import { B } from '../bans/b';",
      "import { C } from '@app/common';",
      "import { D } from '@app/conversion/testing';",
      "import { E } from '@nestjs/core';",
      'export const all = [A, B, C, D, E];',
      '',
    ].join('\n');
    expect(await problems('libs/abuse/src/events/x.ts', code)).toEqual([]);
    expect(
      await problems('test/x.e2e-spec.ts', "import { F } from '../apps/api/src/app.module';\nexport const f = F;\n"),
    ).toEqual([]);
  });
});
