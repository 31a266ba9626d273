import { MemberSettingsService } from '@app/members';
import { ProviderGates } from '@app/outbound/testing';
import type { Response } from 'supertest';
import {
  FAKE_CREDENTIALS,
  FAKE_MARKETPLACE_SECRETS,
  FakeOutside,
  fakeOutsideForSuite,
  FakeProvider,
  startFakeOutside,
} from '../support/fake-outside';
import { overListenerLimit } from '../support/listener-limit';
import { createTestApp, TestApp, testAppForSuite, TestMember } from '../support/test-app';

const AFFILIATE_ID = '17345510000';
const BUDGET_MS = 1500;
const COOLDOWN_MS = 30_000;
const MAX_RETRIES = 2;
/** Calls for a link whose failure is retried every time. */
const ATTEMPTS = MAX_RETRIES + 1;

/** Settings for every test app here: the fakes, short time-outs, a small budget. */
const outsideEnv = (fake: FakeOutside, extra: Record<string, string> = {}) => ({
  ...fake.env,
  OUTBOUND_CONNECT_TIMEOUT_MS: '300',
  OUTBOUND_TIMEOUT_MS: '400',
  OUTBOUND_REQUEST_BUDGET_MS: String(BUDGET_MS),
  OUTBOUND_RETRY_BASE_MS: '20',
  OUTBOUND_MAX_RETRIES: String(MAX_RETRIES),
  OUTBOUND_BREAKER_FAILURE_THRESHOLD: '5',
  OUTBOUND_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
  ...extra,
});

/** Raw words of the fakes' error bodies: none may reach a response or a log. */
const RAW_UPSTREAM_WORDS = [
  'Rate limit exceeded - please wait',
  'database insert failed',
  'INVALID_ARG_LONG_URL',
  'MONTHLY_ENCODE_LIMIT_REACHED',
  'You are currently forbidden',
  'Service Unavailable</html>',
  'Invalid Signature',
  'IllegalAccessToken',
  'Unauthenticated.',
  'The url is invalid.',
  'Alias is not available.',
  'Too Many Requests',
];
/** Credentials the fakes refuse (a member's wrong token, key or secret): no more to be shown than right ones. */
const WRONG_CREDENTIALS = {
  bitlyToken: 'wrong-bitly-token-000000',
  cuttlyKey: 'wrong-cuttly-key-0000000',
  shopeeSecret: 'wrong-shopee-secret-0000',
  lazadaUserToken: 'expired-user-token-00000',
};
const SECRETS = [
  ...Object.values(FAKE_CREDENTIALS).filter((value) => value.length >= 12),
  ...Object.values(WRONG_CREDENTIALS),
];

/**
 * Collects an app's responses and log lines; `check()` fails when what came since the last check holds a
 * secret, a raw word of a service's error body or a Shopee signature.
 */
class LeakWatch {
  private readonly responses: string[] = [];
  private logOffset = 0;

  constructor(
    private readonly t: TestApp,
    private readonly secrets: readonly string[],
  ) {}

  record(res: Response): Response {
    this.responses.push(res.text);
    return res;
  }

  check(): void {
    const logs = this.t.logs.slice(this.logOffset);
    this.logOffset += logs.length;
    const texts = [...this.responses.splice(0), ...logs.split('\n')];
    const leaks = texts.flatMap((text) => [
      ...[...this.secrets, ...RAW_UPSTREAM_WORDS]
        .filter((word) => text.includes(word))
        .map((word) => `${word}: ${text}`),
      ...(/Signature=[0-9a-f]{64}/.test(text) ? [`signature: ${text}`] : []),
    ]);
    expect(leaks).toEqual([]);
  }
}

let serial = 0;
/** Distinct Shopee product links (each test its own, so the cache of an earlier test does not answer). */
function shopeeLinks(count: number, marker = 'Deal', region = 'vn'): string[] {
  return Array.from({ length: count }, () => {
    serial++;
    return `https://shopee.${region}/${marker}-San-Pham-${serial}-i.${100000 + serial}.${2000000 + serial}`;
  });
}

function anRedir(canonical: string, subIds = 'fb-post1'): string {
  return `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(canonical)}&affiliate_id=${AFFILIATE_ID}&sub_id=${subIds}`;
}

describe('Outside services: ext_shortener_1..5 and marketplace_api', () => {
  const fake = fakeOutsideForSuite();
  const t = testAppForSuite(() => outsideEnv(fake), { captureLogs: true });
  t.afterClose(() => fake.close());
  let alice: TestMember;
  let bob: TestMember;
  let watch: LeakWatch;

  beforeAll(async () => {
    watch = new LeakWatch(t, SECRETS);
    // Pro: this file sends more converts in a minute than a free key may.
    alice = await t.createMember({ plan: 'pro' });
    bob = await t.createMember();
    await t.app.get(MemberSettingsService).update(alice.member.id, {
      secrets: {
        bitly_token: FAKE_CREDENTIALS.bitlyToken,
        cuttly_key: FAKE_CREDENTIALS.cuttlyKey,
        ...FAKE_MARKETPLACE_SECRETS,
      },
    });
  });
  beforeEach(() => fake.reset());
  // Whatever test runs, in whatever order or alone: its responses and the log lines since the last check.
  afterEach(() => watch.check());

  /** A member whose saved credentials the fakes refuse (Lazada app key and secret right, its user token expired). */
  async function memberWithWrongCredentials(): Promise<TestMember> {
    const member = await t.createMember();
    await t.app.get(MemberSettingsService).update(member.member.id, {
      secrets: {
        bitly_token: WRONG_CREDENTIALS.bitlyToken,
        cuttly_key: WRONG_CREDENTIALS.cuttlyKey,
        shopee_app_id: FAKE_CREDENTIALS.shopeeAppId,
        shopee_app_secret: WRONG_CREDENTIALS.shopeeSecret,
        lazada_app_key: FAKE_CREDENTIALS.lazadaAppKey,
        lazada_app_secret: FAKE_CREDENTIALS.lazadaAppSecret,
        lazada_user_token: WRONG_CREDENTIALS.lazadaUserToken,
      },
    });
    return member;
  }

  async function convert(body: Record<string, unknown>, member: TestMember = alice): Promise<Response> {
    const res = await t.convert(member, { affiliate_id: AFFILIATE_ID, sub_ids: ['fb', 'post1'], ...body });
    return watch.record(res);
  }

  const shortenerModes: Array<[string, () => FakeProvider, RegExp]> = [
    ['ext_shortener_1', () => fake.tinyurl, /^https:\/\/tinyurl\.com\/fk\w+$/],
    ['ext_shortener_2', () => fake.isgd, /^https:\/\/is\.gd\/fk\w+$/],
    ['ext_shortener_3', () => fake.vgd, /^https:\/\/v\.gd\/fk\w+$/],
    ['ext_shortener_4', () => fake.bitly, /^https:\/\/bit\.ly\/fk\w+$/],
    ['ext_shortener_5', () => fake.cuttly, /^https:\/\/cutt\.ly\/fk\w+$/],
  ];

  describe('each mode converts a multi-link text through its service', () => {
    it.each(shortenerModes)('%s shortens the affiliate link of every product', async (mode, provider, shape) => {
      const [a, b, c] = shopeeLinks(3);
      const content = `🔥 ${a} và ${b}, lại ${a}! Xem https://example.com/x rồi mua ${c}?sp_atk=1`;
      const res = await convert({ content, mode });
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ total: 4, success: 4, failed: 0 });
      const outputs = res.body.items.map((item: { output: string }) => item.output);
      for (const output of outputs) expect(output).toMatch(shape);
      expect(outputs[0]).toBe(outputs[2]);
      expect(res.body.output).toBe(
        `🔥 ${outputs[0]} và ${outputs[1]}, lại ${outputs[2]}! Xem https://example.com/x rồi mua ${outputs[3]}`,
      );
      // One call per distinct link, for the affiliate link of the product.
      expect(
        provider()
          .requests.map((r) => r.target)
          .sort(),
      ).toEqual([anRedir(a), anRedir(b), anRedir(c)].sort());
    });

    it('ext_shortener_4 sends the member token and ext_shortener_5 the member key', async () => {
      await convert({ content: shopeeLinks(1)[0], mode: 'ext_shortener_4' });
      expect(fake.bitly.requests[0].headers.authorization).toBe(`Bearer ${FAKE_CREDENTIALS.bitlyToken}`);
      await convert({ content: shopeeLinks(1)[0], mode: 'ext_shortener_5' });
      expect(fake.cuttly.requests[0].query.get('key')).toBe(FAKE_CREDENTIALS.cuttlyKey);
    });

    it("ext_shortener_4 takes Bitly's 200 (the link already exists in the account) like its 201", async () => {
      const [link] = shopeeLinks(1);
      const created = await convert({ content: link, mode: 'ext_shortener_4' });
      // Another member with the same account: not in the cache (it is per member), so Bitly is asked again.
      const erin = await t.createMember();
      await t.app
        .get(MemberSettingsService)
        .update(erin.member.id, { secrets: { bitly_token: FAKE_CREDENTIALS.bitlyToken } });
      const existing = await convert({ content: link, mode: 'ext_shortener_4' }, erin);
      expect(fake.bitly.requests.map((request) => request.status)).toEqual([201, 200]);
      expect(existing.body.summary).toEqual({ total: 1, success: 1, failed: 0 });
      expect(existing.body.items[0].output).toMatch(/^https:\/\/bit\.ly\/fk\w+$/);
      expect(existing.body.items[0].output).toBe(created.body.items[0].output);
      expect(existing.body.output).toBe(created.body.output);
    });

    it('marketplace_api gets Shopee links (region endpoint, sub ids, signed) and Lazada links (one batch)', async () => {
      const [vn1, vn2] = shopeeLinks(2);
      const [th] = shopeeLinks(1, 'Thai', 'co.th');
      const laz1 = `https://www.lazada.vn/products/ao-thun-${serial}-i${900000 + serial}-s1.html?spm=a2o4n`;
      const laz2 = `https://www.lazada.vn/products/quan-${serial}-i${950000 + serial}.html`;
      const tiktok = 'https://www.tiktok.com/view/product/1729384756?region=VN';
      const content = `A ${vn1}\nB ${th}\nC ${laz1}\nD ${vn2}\nE ${laz2}\nF ${tiktok}`;
      const res = await convert({ content, mode: 'marketplace_api', sub_ids: ['fb', 'post1', 'c3'] });
      expect(res.status).toBe(200);
      expect(res.body.mode).toBe('Marketplace API link');
      expect(res.body.summary).toEqual({ total: 6, success: 5, failed: 1 });
      const [a, b, c, d, e, f] = res.body.items;
      expect(a.output).toMatch(/^https:\/\/s\.shopee\.vn\/fk\w+$/);
      expect(b.output).toMatch(/^https:\/\/s\.shopee\.co\.th\/fk\w+$/);
      expect(c.output).toMatch(/^https:\/\/c\.lazada\.vn\/t\/c\.fk\w+$/);
      expect(d.output).toMatch(/^https:\/\/s\.shopee\.vn\/fk\w+$/);
      expect(e.output).toMatch(/^https:\/\/c\.lazada\.vn\/t\/c\.fk\w+$/);
      expect(f).toMatchObject({ ok: false, error: { code: 'unsupported_for_marketplace' } });
      expect(res.body.output).toBe(
        `A ${a.output}\nB ${b.output}\nC ${c.output}\nD ${d.output}\nE ${e.output}\nF ${tiktok}`,
      );

      expect(fake.shopee.requests.map((r) => r.path).sort()).toEqual(['/co.th/graphql', '/vn/graphql', '/vn/graphql']);
      for (const request of fake.shopee.requests) {
        expect(JSON.parse(request.body).variables.subIds).toEqual(['fb', 'post1', 'c3']);
        expect(request.headers.authorization).toMatch(
          new RegExp(`^SHA256 Credential=${FAKE_CREDENTIALS.shopeeAppId}, Timestamp=\\d+, Signature=[0-9a-f]{64}$`),
        );
      }
      expect(fake.shopee.requests.map((r) => r.target)).toContain(vn1);
      expect(fake.lazada.requests).toHaveLength(1);
      const lazada = fake.lazada.requests[0];
      expect(lazada.path).toBe('/vn/rest/marketing/getlink');
      expect(lazada.query.get('inputValue')!.split(',')).toHaveLength(2);
      expect(lazada.query.get('subId3')).toBe('c3');
    });
  });

  describe('cache', () => {
    it('reuses a link already obtained: a repeated convert calls nothing; an account-based one is per member', async () => {
      const links = shopeeLinks(3);
      const first = await convert({ content: links.join(' '), mode: 'ext_shortener_2' });
      expect(fake.isgd.requests).toHaveLength(3);
      const again = await convert({ content: links.reverse().join(' '), mode: 'ext_shortener_2' });
      expect(fake.isgd.requests).toHaveLength(3);
      expect(again.body.items.map((i: { output: string }) => i.output).reverse()).toEqual(
        first.body.items.map((i: { output: string }) => i.output),
      );
      const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM outbound_links WHERE provider = 'isgd'`);
      expect(rows[0].n).toBeGreaterThanOrEqual(3);

      const [one] = shopeeLinks(1);
      await convert({ content: one, mode: 'ext_shortener_4' });
      await convert({ content: one, mode: 'ext_shortener_4' });
      expect(fake.bitly.requests).toHaveLength(1);
      await t.app
        .get(MemberSettingsService)
        .update(bob.member.id, { secrets: { bitly_token: FAKE_CREDENTIALS.bitlyToken } });
      await convert({ content: one, mode: 'ext_shortener_4' }, bob);
      expect(fake.bitly.requests).toHaveLength(2);
      await t.app.get(MemberSettingsService).update(bob.member.id, { secrets: { bitly_token: null } });
    });

    it('marketplace_api links are cached per member and sub ids', async () => {
      const [link] = shopeeLinks(1);
      await convert({ content: link, mode: 'marketplace_api' });
      await convert({ content: link, mode: 'marketplace_api' });
      expect(fake.shopee.requests).toHaveLength(1);
      await convert({ content: link, mode: 'marketplace_api', sub_ids: ['other'] });
      expect(fake.shopee.requests).toHaveLength(2);
    });
  });

  describe('documented error shapes become per-item codes; the rest is still converted', () => {
    const cases: Array<[string, string, () => FakeProvider, string, string, number]> = [
      ['TinyURL 400 Error', 'ext_shortener_1', () => fake.tinyurl, 'invalid', 'upstream_rejected', 1],
      ['TinyURL 5xx', 'ext_shortener_1', () => fake.tinyurl, 'server_error', 'upstream_unavailable', ATTEMPTS],
      ['is.gd errorcode 1', 'ext_shortener_2', () => fake.isgd, 'invalid', 'upstream_rejected', 1],
      ['is.gd errorcode 2', 'ext_shortener_2', () => fake.isgd, 'bad_shorturl', 'upstream_rejected', 1],
      ['is.gd errorcode 3', 'ext_shortener_2', () => fake.isgd, 'rate_limited', 'upstream_rate_limited', 1],
      ['is.gd errorcode 4', 'ext_shortener_2', () => fake.isgd, 'maintenance', 'upstream_unavailable', ATTEMPTS],
      ['v.gd errorcode 3', 'ext_shortener_3', () => fake.vgd, 'rate_limited', 'upstream_rate_limited', 1],
      ['v.gd 5xx', 'ext_shortener_3', () => fake.vgd, 'server_error', 'upstream_unavailable', ATTEMPTS],
      ['v.gd connection reset', 'ext_shortener_3', () => fake.vgd, 'reset', 'upstream_unavailable', ATTEMPTS],
      // The same error bodies with HTTP 200: the errorcode decides, not the status.
      ['v.gd errorcode 3 (200)', 'ext_shortener_3', () => fake.vgd, 'rate_limited:200', 'upstream_rate_limited', 1],
      [
        'v.gd errorcode 4 (200)',
        'ext_shortener_3',
        () => fake.vgd,
        'maintenance:200',
        'upstream_unavailable',
        ATTEMPTS,
      ],
      ['is.gd errorcode 1 (200)', 'ext_shortener_2', () => fake.isgd, 'invalid:200', 'upstream_rejected', 1],
      ['is.gd errorcode 2 (200)', 'ext_shortener_2', () => fake.isgd, 'bad_shorturl:200', 'upstream_rejected', 1],
      ['Bitly INVALID_ARG_LONG_URL', 'ext_shortener_4', () => fake.bitly, 'invalid', 'upstream_rejected', 1],
      ['Bitly ALREADY_A_BITLY_LINK', 'ext_shortener_4', () => fake.bitly, 'already_bitly', 'upstream_rejected', 1],
      ['Bitly MONTHLY_ENCODE_LIMIT', 'ext_shortener_4', () => fake.bitly, 'rate_limited', 'upstream_rate_limited', 1],
      ['Bitly 5xx', 'ext_shortener_4', () => fake.bitly, 'server_error', 'upstream_unavailable', ATTEMPTS],
      ['Cutt.ly status 1', 'ext_shortener_5', () => fake.cuttly, 'already_cuttly', 'upstream_rejected', 1],
      ['Cutt.ly status 2', 'ext_shortener_5', () => fake.cuttly, 'invalid', 'upstream_rejected', 1],
      ['Cutt.ly status 3', 'ext_shortener_5', () => fake.cuttly, 'alias_taken', 'upstream_rejected', 1],
      ['Cutt.ly status 5', 'ext_shortener_5', () => fake.cuttly, 'invalid_chars', 'upstream_rejected', 1],
      ['Cutt.ly status 6', 'ext_shortener_5', () => fake.cuttly, 'blocked', 'upstream_rejected', 1],
      ['Cutt.ly auth:false', 'ext_shortener_5', () => fake.cuttly, 'unauthorized', 'invalid_upstream_credentials', 1],
      ['Cutt.ly 429', 'ext_shortener_5', () => fake.cuttly, 'rate_limited', 'upstream_rate_limited', 1],
      ['Cutt.ly status 8', 'ext_shortener_5', () => fake.cuttly, 'plan_limit', 'upstream_rate_limited', 1],
      ['Cutt.ly 5xx', 'ext_shortener_5', () => fake.cuttly, 'server_error', 'upstream_unavailable', ATTEMPTS],
      ['Shopee 10000', 'marketplace_api', () => fake.shopee, 'system_error', 'upstream_unavailable', ATTEMPTS],
      ['Shopee 10010', 'marketplace_api', () => fake.shopee, 'parse_error', 'upstream_rejected', 1],
      ['Shopee 10020', 'marketplace_api', () => fake.shopee, 'auth_error', 'invalid_upstream_credentials', 1],
      ['Shopee 10030', 'marketplace_api', () => fake.shopee, 'rate_limited', 'upstream_rate_limited', 1],
      ['Shopee 10031', 'marketplace_api', () => fake.shopee, 'access_deny', 'invalid_upstream_credentials', 1],
      ['Shopee 10032', 'marketplace_api', () => fake.shopee, 'invalid_affiliate', 'upstream_rejected', 1],
      ['Shopee 10033', 'marketplace_api', () => fake.shopee, 'frozen', 'upstream_rejected', 1],
      ['Shopee 10034', 'marketplace_api', () => fake.shopee, 'blacklisted', 'upstream_rejected', 1],
      ['Shopee 10035', 'marketplace_api', () => fake.shopee, 'no_access', 'invalid_upstream_credentials', 1],
      ['Shopee 11000', 'marketplace_api', () => fake.shopee, 'business_error', 'upstream_rejected', 1],
      ['Shopee 11001', 'marketplace_api', () => fake.shopee, 'params_error', 'upstream_rejected', 1],
      ['Shopee 11002', 'marketplace_api', () => fake.shopee, 'bind_error', 'upstream_rejected', 1],
      ['Shopee HTTP 5xx', 'marketplace_api', () => fake.shopee, 'server_error', 'upstream_unavailable', ATTEMPTS],
    ];

    it.each(cases)('%s → %s', async (_name, mode, provider, behaviour, code, calls) => {
      const [good1, bad, good2] = [shopeeLinks(1)[0], shopeeLinks(1, 'BADLINK')[0], shopeeLinks(1)[0]];
      provider().failFor('BADLINK', behaviour);
      const content = `1) ${good1}\n2) ${bad}\n3) ${good2}`;
      const res = await convert({ content, mode });
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ total: 3, success: 2, failed: 1 });
      expect(res.body.message).toBe('Converted 2/3 links, 1 not converted');
      const [first, failedItem, third] = res.body.items;
      expect(failedItem).toMatchObject({ ok: false, output: null, error: { code } });
      expect(failedItem.error.message.length).toBeGreaterThan(10);
      expect(first.ok && third.ok).toBe(true);
      expect(res.body.output).toBe(`1) ${first.output}\n2) ${bad}\n3) ${third.output}`);
      // Retried only when the failure is worth another attempt: then exactly the configured number of attempts.
      expect(provider().requests.filter((request) => request.target?.includes('BADLINK'))).toHaveLength(calls);
    });

    it('Lazada errorInfoList fails that product only; its error envelope fails the batch', async () => {
      const ok = `https://www.lazada.vn/products/a-${serial}-i${700000 + ++serial}.html`;
      const missing = `https://www.lazada.vn/products/GONE-i${700000 + ++serial}.html`;
      fake.lazada.failFor('GONE', 'not_found');
      const res = await convert({ content: `${ok} ${missing}`, mode: 'marketplace_api' });
      expect(res.body.summary).toEqual({ total: 2, success: 1, failed: 1 });
      expect(res.body.items[1]).toMatchObject({ ok: false, error: { code: 'upstream_rejected' } });

      fake.lazada.behaviour = 'rate_limited';
      const limited = await convert({
        content: `https://www.lazada.vn/products/x-i${700000 + ++serial}.html ${shopeeLinks(1)[0]}`,
        mode: 'marketplace_api',
      });
      expect(limited.body.summary).toEqual({ total: 2, success: 1, failed: 1 });
      expect(limited.body.items[0]).toMatchObject({ ok: false, error: { code: 'upstream_rate_limited' } });

      fake.lazada.reset();
      fake.lazada.behaviour = 'system_error';
      const failing = await convert({
        content: `https://www.lazada.vn/products/w-i${700000 + ++serial}.html`,
        mode: 'marketplace_api',
      });
      expect(failing.body.items[0]).toMatchObject({ ok: false, error: { code: 'upstream_unavailable' } });
      // InternalError is retried: the batch was sent once and then once per retry.
      expect(fake.lazada.requests).toHaveLength(ATTEMPTS);
    });

    it('refused member credentials fail every link with invalid_upstream_credentials', async () => {
      const carol = await memberWithWrongCredentials();
      const bitly = await convert({ content: shopeeLinks(2).join(' '), mode: 'ext_shortener_4' }, carol);
      expect(bitly.body.summary).toEqual({ total: 2, success: 0, failed: 2 });
      for (const item of bitly.body.items) expect(item.error.code).toBe('invalid_upstream_credentials');
      // Cutt.ly answers a wrong key with HTTP 200 and `url.status` 4.
      const cuttly = await convert({ content: shopeeLinks(2).join(' '), mode: 'ext_shortener_5' }, carol);
      expect(cuttly.body.summary).toEqual({ total: 2, success: 0, failed: 2 });
      for (const item of cuttly.body.items) {
        expect(item.error).toEqual({
          code: 'invalid_upstream_credentials',
          message: 'Cutt.ly refused your API key (check it in your account settings)',
        });
      }
      expect(fake.cuttly.requests[0].query.get('key')).toBe(WRONG_CREDENTIALS.cuttlyKey);
      const lazadaLink = `https://www.lazada.vn/products/y-i${700000 + ++serial}.html`;
      const api = await convert({ content: `${shopeeLinks(1)[0]} ${lazadaLink}`, mode: 'marketplace_api' }, carol);
      expect(api.body.items.map((item: { error: { code: string } }) => item.error.code)).toEqual([
        'invalid_upstream_credentials',
        'invalid_upstream_credentials',
      ]);
    });
  });

  describe('members without the credentials', () => {
    it.each(['ext_shortener_4', 'ext_shortener_5', 'marketplace_api'])(
      '%s answers 403 not_configured',
      async (mode) => {
        for (const content of [shopeeLinks(1)[0], 'no links here']) {
          const res = await convert({ content, mode }, bob);
          expect(res.status).toBe(403);
          expect(res.body.error.code).toBe('not_configured');
          // The set-up gate answers before the missing affiliate_id (bob saved none).
          const bare = await convert({ content, mode, affiliate_id: undefined }, bob);
          expect(bare.status).toBe(403);
          expect(bare.body.error.code).toBe('not_configured');
        }
        for (const provider of fake.all()) expect(provider.requests).toHaveLength(0);
      },
    );

    it('marketplace_api with Shopee credentials only fails Lazada links with marketplace_not_configured', async () => {
      const dave = await t.createMember();
      await t.app.get(MemberSettingsService).update(dave.member.id, {
        secrets: { shopee_app_id: FAKE_CREDENTIALS.shopeeAppId, shopee_app_secret: FAKE_CREDENTIALS.shopeeSecret },
      });
      const res = await convert(
        {
          content: `${shopeeLinks(1)[0]} https://www.lazada.vn/products/z-i${700000 + ++serial}.html`,
          mode: 'marketplace_api',
        },
        dave,
      );
      expect(res.body.summary).toEqual({ total: 2, success: 1, failed: 1 });
      expect(res.body.items[1]).toMatchObject({ error: { code: 'marketplace_not_configured' } });
      expect(fake.lazada.requests).toHaveLength(0);
    });
  });

  describe('limits and faults', () => {
    const gates = () => t.app.get(ProviderGates);

    /** Brings a provider's circuit back to closed: cooldown over, then one good trial call. */
    async function recover(mode: string, provider: FakeProvider, name: 'isgd' | 'vgd') {
      provider.behaviour = 'ok';
      provider.delayMs = 0;
      t.clock.advance(COOLDOWN_MS + 1);
      await convert({ content: shopeeLinks(1)[0], mode });
      expect(gates().breakerState(name)).toBe('closed');
    }

    it('keeps at most 5 calls in flight to is.gd, every link listening to one budget within its listener limit', async () => {
      // Node's listener limit, checked at each listener added to a signal.
      const overLimit: string[] = [];
      const add = jest.spyOn(AbortSignal.prototype, 'addEventListener');
      add.mockImplementation(function (this: AbortSignal, ...args: Parameters<AbortSignal['addEventListener']>) {
        EventTarget.prototype.addEventListener.apply(this, args);
        if (overListenerLimit(this, 'abort')) overLimit.push(String(args[0]));
      });
      fake.isgd.delayMs = 150;
      try {
        const res = await convert({ content: shopeeLinks(12).join('\n'), mode: 'ext_shortener_2' });
        expect(res.body.summary).toEqual({ total: 12, success: 12, failed: 0 });
      } finally {
        add.mockRestore();
      }
      expect(fake.isgd.requests).toHaveLength(12);
      expect(fake.isgd.maxInFlight).toBeLessThanOrEqual(5);
      expect(fake.isgd.maxInFlight).toBeGreaterThan(1);
      expect(overLimit).toEqual([]);
    });

    it('a provider that hangs: the request answers within its budget, the links fail upstream_unavailable', async () => {
      fake.vgd.behaviour = 'hang';
      const started = Date.now();
      const res = await convert({ content: shopeeLinks(8).join(' '), mode: 'ext_shortener_3' });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ total: 8, success: 0, failed: 8 });
      for (const item of res.body.items) expect(item.error.code).toBe('upstream_unavailable');
      expect(elapsed).toBeLessThan(BUDGET_MS + 1000);
      await recover('ext_shortener_3', fake.vgd, 'vgd');
    });

    it('a dead provider (connection refused): every link fails fast, within the budget', async () => {
      await fake.vgd.stop();
      try {
        const started = Date.now();
        const res = await convert({ content: shopeeLinks(3).join(' '), mode: 'ext_shortener_3' });
        expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1000);
        expect(res.body.summary).toEqual({ total: 3, success: 0, failed: 3 });
        // 3 links x 3 attempts: the circuit opens on the way, so the last ones are refused without a call.
        const messages = res.body.items.map((item: { error: { code: string; message: string } }) => {
          expect(item.error.code).toBe('upstream_unavailable');
          return item.error.message;
        });
        expect(messages).toContain('v.gd could not be reached');
        for (const message of messages)
          expect(message).toMatch(/^v\.gd (could not be reached|is failing: calls to it are paused)/);
      } finally {
        await fake.vgd.start();
      }
      await recover('ext_shortener_3', fake.vgd, 'vgd');
    });

    it('the circuit opens after repeated failures, refuses without calling, then recovers through one trial', async () => {
      fake.isgd.behaviour = 'server_error';
      // Each link is tried 3 times (2 retries): two links make 6 failures, past the threshold of 5.
      await convert({ content: shopeeLinks(1)[0], mode: 'ext_shortener_2' });
      await convert({ content: shopeeLinks(1)[0], mode: 'ext_shortener_2' });
      expect(gates().breakerState('isgd')).toBe('open');
      expect(t.logs).toContain('Circuit for is.gd opened');

      const calls = fake.isgd.requests.length;
      fake.isgd.behaviour = 'ok';
      const refused = await convert({ content: shopeeLinks(3).join(' '), mode: 'ext_shortener_2' });
      expect(fake.isgd.requests).toHaveLength(calls);
      expect(refused.body.summary).toEqual({ total: 3, success: 0, failed: 3 });
      expect(refused.body.items[0].error.code).toBe('upstream_unavailable');
      expect(refused.body.items[0].error.message).toContain('paused');

      t.clock.advance(COOLDOWN_MS + 1);
      expect(gates().breakerState('isgd')).toBe('half_open');
      const trial = await convert({ content: shopeeLinks(3).join(' '), mode: 'ext_shortener_2' });
      expect(fake.isgd.requests).toHaveLength(calls + 1);
      expect(trial.body.summary).toEqual({ total: 3, success: 1, failed: 2 });
      expect(gates().breakerState('isgd')).toBe('closed');
      expect(t.logs).toContain('Circuit for is.gd closed');

      const after = await convert({ content: shopeeLinks(3).join(' '), mode: 'ext_shortener_2' });
      expect(after.body.summary).toEqual({ total: 3, success: 3, failed: 0 });
    });
  });

  describe('secrets', () => {
    // Every test's responses and log lines are checked after it (afterEach above); this one makes the calls most
    // likely to leak (refused credentials of every kind, raw error bodies) itself, so it proves as much alone.
    it('refused credentials and raw error bodies leave no trace in responses or log lines', async () => {
      const member = await memberWithWrongCredentials();
      const lazada = `https://www.lazada.vn/products/s-i${700000 + ++serial}.html`;
      const outcomes: string[] = [];
      for (const mode of ['ext_shortener_4', 'ext_shortener_5', 'marketplace_api']) {
        const res = await convert({ content: `${shopeeLinks(1)[0]} ${lazada}`, mode }, member);
        outcomes.push(res.body.items[0].error.code);
      }
      expect(outcomes).toEqual(Array(3).fill('invalid_upstream_credentials'));
      fake.isgd.behaviour = 'maintenance';
      fake.bitly.behaviour = 'invalid';
      fake.cuttly.behaviour = 'unauthorized';
      for (const mode of ['ext_shortener_2', 'ext_shortener_4', 'ext_shortener_5']) {
        const res = await convert({ content: shopeeLinks(1)[0], mode });
        expect(res.body.summary.failed).toBe(1);
      }
      expect(t.logs).toMatch(/Cutt\.ly: invalid_upstream_credentials x\d/);
      watch.check();
    });
  });
});

// Its own apps (other settings), each started once the one before is closed.
describe('Outside services: TinyURL v2', () => {
  const WRONG_TOKEN = 'tinyurlTokenWRONG0123456789abcdefTINY';
  let fake: FakeOutside;
  beforeAll(async () => {
    fake = await startFakeOutside();
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  /** An app on the v2 API with `token`, its logs captured; what it answers and logs is checked after each test. */
  function v2App(token: string) {
    const state: { t?: TestApp; member?: TestMember; watch?: LeakWatch } = {};
    beforeAll(async () => {
      state.t = await createTestApp(outsideEnv(fake, { TINYURL_API_TOKEN: token }), { captureLogs: true });
      state.member = await state.t.createMember();
      state.watch = new LeakWatch(state.t, [...SECRETS, WRONG_TOKEN]);
    });
    afterEach(() => state.watch!.check());
    afterAll(() => state.t?.close());
    return async (links: string[]): Promise<Response> => {
      const { t, member, watch } = state;
      const res = await t!.send(
        t!.http
          .post('/api/convert')
          .set('X-API-Key', member!.apiKey)
          .set('X-API-Token', member!.apiToken)
          .send({ content: links.join(' '), mode: 'ext_shortener_1', affiliate_id: AFFILIATE_ID }),
      );
      return watch!.record(res);
    };
  }

  describe('with its token', () => {
    const convert = v2App(FAKE_CREDENTIALS.tinyurlToken);

    it('TinyURL uses its v2 API when TINYURL_API_TOKEN is set', async () => {
      const res = await convert(shopeeLinks(2));
      expect(res.body.summary).toEqual({ total: 2, success: 2, failed: 0 });
      expect(res.body.items[0].output).toMatch(/^https:\/\/tinyurl\.com\/fk/);
      expect(fake.tinyurlApi.requests).toHaveLength(2);
      expect(fake.tinyurlApi.requests[0].headers.authorization).toBe(`Bearer ${FAKE_CREDENTIALS.tinyurlToken}`);
      expect(fake.tinyurl.requests).toHaveLength(0);
    });

    it.each([
      ['422 The url is invalid.', 'invalid', 'upstream_rejected'],
      ['422 Alias is not available.', 'alias_taken', 'upstream_rejected'],
      ['429', 'rate_limited', 'upstream_rate_limited'],
      ['5xx', 'server_error', 'upstream_unavailable'],
    ])('v2 %s (%s) → %s for that link; the others are converted', async (_name, behaviour, code) => {
      const [good1, bad, good2] = [shopeeLinks(1)[0], shopeeLinks(1, 'BADLINK')[0], shopeeLinks(1)[0]];
      fake.tinyurlApi.failFor('BADLINK', behaviour);
      const res = await convert([good1, bad, good2]);
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ total: 3, success: 2, failed: 1 });
      const [first, failedItem, third] = res.body.items;
      expect(failedItem).toMatchObject({ ok: false, output: null, error: { code } });
      expect(first.output).toMatch(/^https:\/\/tinyurl\.com\/fk/);
      expect(third.output).toMatch(/^https:\/\/tinyurl\.com\/fk/);
      expect(res.body.output).toBe(`${first.output} ${bad} ${third.output}`);
      expect(fake.tinyurl.requests).toHaveLength(0);
    });
  });

  describe('with a wrong token', () => {
    const convert = v2App(WRONG_TOKEN);

    it('every link fails with invalid_upstream_credentials (401 Unauthenticated.)', async () => {
      const res = await convert(shopeeLinks(3));
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ total: 3, success: 0, failed: 3 });
      for (const item of res.body.items) {
        expect(item).toMatchObject({ ok: false, output: null, error: { code: 'invalid_upstream_credentials' } });
      }
      expect(res.body.items[0].error.message).toBe("TinyURL refused the service's API token");
      expect(fake.tinyurlApi.requests.length).toBeGreaterThanOrEqual(1);
      expect(fake.tinyurlApi.requests[0].headers.authorization).toBe(`Bearer ${WRONG_TOKEN}`);
    });
  });
});
