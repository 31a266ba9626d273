import { readFileSync } from 'node:fs';
import { CONFIG_DOC_PATH, configurationDoc } from '../apps/api/src/config-docs';
import { API_CONFIG } from '../apps/api/src/startup-config';
import { settingNames } from '@app/common';

describe('docs/configuration.md', () => {
  const page = readFileSync(CONFIG_DOC_PATH, 'utf8');

  it('is what `npm run docs:config` generates from the settings classes (run it after changing a setting)', () => {
    expect(page).toBe(configurationDoc(page));
  });

  it('lists every setting of every namespace, with its meaning', () => {
    const names = API_CONFIG.flatMap((namespace) => settingNames(namespace.settings));
    expect(names.length).toBeGreaterThan(80);
    for (const name of names) expect(page).toMatch(new RegExp(`^\\| \`${name}\` \\| [^|]+ \\| [^|]+ \\| \\S`, 'm'));
  });
});
