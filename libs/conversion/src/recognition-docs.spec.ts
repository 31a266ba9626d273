import { readFileSync } from 'node:fs';
import { Marketplaces, ParsedLink } from '@app/marketplaces';
import { extractLinks } from './links';
import { API_DOC_PATH, apiDoc, PathFamilyKind } from '@app/marketplaces/testing';
import { CORPUS } from './testing/marketplace-corpus';

const marketplaces = new Marketplaces();
const recognitions = marketplaces.all().map((adapter) => ({ adapter, recognition: adapter.recognition() }));

/** The path-family kind a parsed link is. */
function kindOf(parsed: ParsedLink): PathFamilyKind {
  if (parsed.kind === 'not_convertible') return 'refused';
  if (parsed.fromAffiliateRedirect) return 'foreign';
  return parsed.kind;
}

/** The role of a link's host in its marketplace's table ('app' for an app scheme). */
function roleOf(found: string, parsed: ParsedLink): string | undefined {
  if (/^shopee(vn)?:/i.test(found)) return 'app';
  // As found in text: HTML's `&amp;` and JSON's `\/` read as what they stand for.
  const link = found.replace(/&amp;/gi, '&').replace(/\\\//g, '/');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `https://${link.replace(/^\/\//, '')}`;
  const host = new URL(absolute).hostname.toLowerCase().replace(/\.+$/, '');
  const entry = recognitions.find((r) => r.adapter.id === parsed.marketplace);
  return entry?.recognition.hosts.find((candidate) => candidate.host === host)?.role;
}

describe('docs/api.md recognition tables', () => {
  it('are what `npm run docs:links` generates from the adapters (run it after changing a host or path table)', () => {
    const page = readFileSync(API_DOC_PATH, 'utf8');
    expect(page).toBe(apiDoc(page));
  });

  describe.each(recognitions.map((entry) => [entry.recognition.label, entry] as const))('%s', (_label, entry) => {
    const { adapter, recognition } = entry;

    it('lists hosts its adapter owns, and no other adapter owns them', () => {
      expect(recognition.hosts.length).toBeGreaterThan(0);
      for (const { host, role } of recognition.hosts) {
        const owners = marketplaces
          .all()
          .filter((candidate) => candidate.ownsHost(host))
          .map((candidate) => candidate.id);
        expect([host, owners]).toEqual([host, [adapter.id]]);
        expect(recognition.roles[role]).toBeDefined();
      }
    });

    it.each(recognition.paths.map((family) => [family.path, family] as const))(
      'reads its example of %s as the table says',
      (_path, family) => {
        const parsed = marketplaces.identify(family.example);
        expect(parsed?.marketplace).toBe(adapter.id);
        expect(kindOf(parsed!)).toBe(family.kind);
        expect(family.roles).toContain(roleOf(family.example, parsed!));
      },
    );
  });

  it('has a path family for every link of the corpus (marketplace, host role and kind)', () => {
    const missing: string[] = [];
    for (const corpusCase of CORPUS) {
      for (const found of extractLinks(corpusCase.text)) {
        const parsed = marketplaces.identify(found.url);
        if (!parsed) continue;
        const role = roleOf(found.url, parsed);
        const families = recognitions.find((entry) => entry.adapter.id === parsed.marketplace)!.recognition.paths;
        const covered = families.some((family) => family.kind === kindOf(parsed) && family.roles.includes(role!));
        if (!covered) missing.push(`${found.url} (${parsed.marketplace}, ${role}, ${kindOf(parsed)})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
