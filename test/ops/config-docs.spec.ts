import { readFileSync } from 'node:fs';
import { CONFIG_DOC_PATH, configurationDoc } from '../../apps/api/src/config-docs';
import { API_CONFIG } from '../../apps/api/src/startup-config';
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

  it('every limit and time-out is in the table of docs/operations.md, which docs/security.md points to', () => {
    const operations = readFileSync(CONFIG_DOC_PATH.replace('configuration.md', 'operations.md'), 'utf8');
    const security = readFileSync(CONFIG_DOC_PATH.replace('configuration.md', 'security.md'), 'utf8');
    const table = operations.slice(operations.indexOf('### Every limit and time-out'));
    const bound = /TIMEOUT|_MAX|MAX_|_PER_|LIMIT|_TTL|WINDOW|BUDGET|CONCURRENCY|HOPS|_BYTES$|_CHARS$|_ENTRIES$|_DEPTH$/;
    // WEB_CONCURRENCY is how many worker processes, not a bound.
    const names = API_CONFIG.flatMap((namespace) => settingNames(namespace.settings)).filter(
      (name) => bound.test(name) && name !== 'WEB_CONCURRENCY',
    );
    expect(names).toContain('HTTP_SEND_TIMEOUT_MS');
    for (const name of names) expect([name, table.includes(`[\`${name}\`](configuration.md#`)]).toEqual([name, true]);
    expect(security).toContain('(operations.md#every-limit-and-time-out)');
  });
});
