import { ReportSyncService } from '@app/analytics';
import { MemberSettingsService } from '@app/members';
import { Metrics } from '@app/metrics';
import { AccountClient } from '../support/account-client';
import { temporarily } from '../support/temporarily';
import { type FakeConversion, FakeLazadaReports, FakeShopeeReports } from '../support/fake-report-apis';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

function conversions(count: number): FakeConversion[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: count }, (_, i) => ({
    purchaseTime: now - 3600 - i * 600,
    conversionId: `c${i}`,
    orderId: `SO${String(i).padStart(5, '0')}`,
    itemId: String(5000 + (i % 7)),
    utmContent: i % 2 === 0 ? 'fb-post1---' : 'zalo----',
    status: 'COMPLETED',
    itemStatus: 'COMPLETED',
    amount: '100000',
    commission: '2500.5',
  }));
}

describe('scheduled pull of order reports against fakes of Shopee and Lazada', () => {
  let t: TestApp;
  let shopee: FakeShopeeReports;
  let lazada: FakeLazadaReports;
  let sync: ReportSyncService;

  beforeAll(async () => {
    shopee = await new FakeShopeeReports().start();
    lazada = await new FakeLazadaReports().start();
    t = await createTestApp({
      SHOPEE_REPORT_URL: shopee.url,
      LAZADA_REPORT_URL: lazada.url,
      SHOPEE_REPORT_QUERY_GAP_MS: '300',
      ORDER_SYNC_INTERVAL_MS: '0',
      // A link's answer must come within 250 ms here; a report page has its own, longer time-out.
      OUTBOUND_TIMEOUT_MS: '250',
    });
    sync = t.app.get(ReportSyncService);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await shopee.stop();
    await lazada.stop();
  });

  const withShopeeApp = async (appId: string, secret: string): Promise<TestMember> => {
    const member = await t.createMember();
    shopee.apps.set(appId, secret);
    await t.app
      .get(MemberSettingsService)
      .update(member.member.id, { secrets: { shopee_app_id: appId, shopee_app_secret: secret } });
    return member;
  };
  const count = async (memberId: string) =>
    Number(
      (await t.dataSource.query('SELECT count(*)::int AS n FROM order_lines WHERE member_id = $1', [memberId]))[0].n,
    );

  it('pulls every page (500 rows each, scrollId), then changes only what changed', async () => {
    shopee.conversions = conversions(1203);
    const member = await withShopeeApp('app-full', 'secret-full');
    shopee.calls = 0;
    const state = await sync.sync(member.member.id, 'shopee');
    expect(state).toMatchObject({ state: 'ok', last_error: null, lines_new: 1203, lines_updated: 0, calls: 3 });
    expect(await count(member.member.id)).toBe(1203);
    const [line] = await t.dataSource.query(
      `SELECT sub_id, currency, net_commission::text, status FROM order_lines WHERE member_id = $1 AND order_id = 'SO00000'`,
      [member.member.id],
    );
    expect(line).toEqual({ sub_id: 'fb-post1', currency: 'VND', net_commission: '2500.500000', status: 'completed' });

    shopee.conversions[0] = { ...shopee.conversions[0], status: 'CANCELLED', itemStatus: 'CANCEL', commission: '0' };
    const again = await sync.sync(member.member.id, 'shopee');
    expect(again).toMatchObject({ state: 'ok', lines_new: 0, lines_updated: 1 });
    expect(await count(member.member.id)).toBe(1203);
  });

  it('starts a fresh query after an expired scrollId, ending where it stopped: nothing lost or doubled', async () => {
    shopee.conversions = conversions(1203);
    const member = await withShopeeApp('app-expire', 'secret-expire');
    shopee.freshQueries = 0;
    // Every scrollId expires before it is used.
    await temporarily(shopee, { scrollTtlMs: 0 }, async () => {
      const state = await sync.sync(member.member.id, 'shopee');
      expect(state.state).toBe('ok');
      expect(shopee.freshQueries).toBeGreaterThan(1);
    });
    expect(await count(member.member.id)).toBe(1203);
  });

  it('keeps the gap between two fresh queries, with a margin, counted from the answer to the last one', async () => {
    shopee.conversions = conversions(1203);
    const member = await withShopeeApp('app-gap', 'secret-gap');
    // Shopee counts the gap from its answer to the last fresh query, which takes 150 ms here; every scrollId expires.
    shopee.freshQueries = 0;
    await temporarily(shopee, { scrollTtlMs: 0, queryGapMs: 300, freshAnswerDelayMs: 150 }, async () => {
      const state = await sync.sync(member.member.id, 'shopee');
      expect(state).toMatchObject({ state: 'ok', last_error: null });
      expect(shopee.freshQueries).toBe(3);
    });
    expect(await count(member.member.id)).toBe(1203);
  });

  it('says so in words when Shopee refuses a fresh query for the gap, not the hourly limit', async () => {
    shopee.conversions = conversions(1203);
    const member = await withShopeeApp('app-gap-words', 'secret-gap-words');
    // A longer gap than the app's setting.
    await temporarily(shopee, { scrollTtlMs: 0, queryGapMs: 60_000 }, async () => {
      const state = await sync.sync(member.member.id, 'shopee');
      expect(state.state).toBe('error');
      expect(state.last_error).toMatch(/refused a new report query so soon after the previous one.*traffic limiting/);
      expect(state.last_error).not.toMatch(/2,000 calls an hour/);
    });
  });

  it('a fresh query after an expired scrollId keeps the rows that share the boundary second', async () => {
    const rows = conversions(600);
    // Ten conversions in one second, five on each side of the first page's end (500 rows).
    const second = rows[495].purchaseTime;
    for (let i = 495; i < 505; i += 1) rows[i] = { ...rows[i], purchaseTime: second };
    for (let i = 505; i < 600; i += 1) rows[i] = { ...rows[i], purchaseTime: second - 600 * (i - 504) };
    shopee.conversions = rows;
    const member = await withShopeeApp('app-boundary', 'secret-boundary');
    // If Shopee's end excludes its own second.
    await temporarily(shopee, { scrollTtlMs: 0, endExclusive: true }, async () => {
      const state = await sync.sync(member.member.id, 'shopee');
      expect(state).toMatchObject({ state: 'ok', lines_new: 600 });
    });
    expect(await count(member.member.id)).toBe(600);
  });

  it('skips a line whose status word it does not know, with the reason, as the CSV import does', async () => {
    const rows = conversions(4);
    rows[1] = { ...rows[1], status: 'ON_HOLD' };
    rows[2] = { ...rows[2], itemStatus: 'UNDER_REVIEW' };
    shopee.conversions = rows;
    const member = await withShopeeApp('app-unknown', 'secret-unknown');
    const state = await sync.sync(member.member.id, 'shopee');
    expect(state).toMatchObject({
      state: 'ok',
      lines_new: 2,
      lines_skipped: 2,
      skipped_by_reason: { unknown_status: 2 },
    });
    const stored = await t.dataSource.query(
      `SELECT order_id, status FROM order_lines WHERE member_id = $1 ORDER BY order_id`,
      [member.member.id],
    );
    expect(stored).toEqual([
      { order_id: 'SO00000', status: 'completed' },
      { order_id: 'SO00003', status: 'completed' },
    ]);
  });

  it('a cut sync stores whole pages only; the next run completes without doubles', async () => {
    shopee.conversions = conversions(1203);
    const member = await withShopeeApp('app-cut', 'secret-cut');
    shopee.calls = 0;
    shopee.dropOnCall = 2;
    const cut = await sync.sync(member.member.id, 'shopee');
    shopee.dropOnCall = 0;
    expect(cut.state).toBe('error');
    expect(cut.last_error).toMatch(/could not be reached.*nothing already imported is lost/);
    expect(await count(member.member.id)).toBe(500);
    const resumed = await sync.sync(member.member.id, 'shopee');
    expect(resumed).toMatchObject({ state: 'ok', lines_new: 703, lines_updated: 0 });
    expect(await count(member.member.id)).toBe(1203);
  });

  it('shows the documented errors in words: 10020, 10030, 10035', async () => {
    shopee.conversions = conversions(3);
    const wrong = await withShopeeApp('app-wrong', 'secret-right');
    await t.app.get(MemberSettingsService).update(wrong.member.id, { secrets: { shopee_app_secret: 'secret-wrong' } });
    expect((await sync.sync(wrong.member.id, 'shopee')).last_error).toMatch(
      /refused your app id and secret.*Invalid Signature/,
    );

    const blocked = await withShopeeApp('app-blocked', 'secret-blocked');
    shopee.noAccess.add('app-blocked');
    expect((await sync.sync(blocked.member.id, 'shopee')).last_error).toMatch(/no access to the Open API platform/);

    const limited = await withShopeeApp('app-limited', 'secret-limited');
    shopee.calls = 0;
    await temporarily(shopee, { rateLimitCalls: 0 }, async () => {
      const state = await sync.sync(limited.member.id, 'shopee');
      expect(state).toMatchObject({ state: 'error' });
      expect(state.last_error).toMatch(/limit for your app was reached \(2,000 calls an hour\)/);
    });
    expect(JSON.stringify(await sync.states(wrong.member.id))).not.toContain('secret-');
  });

  it('pulls Lazada one calendar month per call, 100 rows a page', async () => {
    const member = await t.createMember();
    lazada.apps.set('lz-key', { secret: 'lz-secret', token: 'lz-token' });
    await t.app.get(MemberSettingsService).update(member.member.id, {
      secrets: { lazada_app_key: 'lz-key', lazada_app_secret: 'lz-secret', lazada_user_token: 'lz-token' },
    });
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 8);
    const lastMonthDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const day = (prefix: string, d: number) => `${prefix}${String(d).padStart(2, '0')} 10:00:00`;
    const row = (i: number, time: string) => ({
      conversionTime: time,
      orderId: `LZ${i}`,
      subOrderId: `S${i}`,
      sku: `SKU${i % 5}`,
      skuName: 'Bàn chai',
      status: i % 10 === 0 ? 'Returned' : 'Delivered',
      validity: 'valid',
      estPayout: '1500.25',
      orderAmt: '30000',
      currency: 'VND',
      subId1: 'fb',
      subId2: 'p9',
      sellerName: 'Lazada Mall',
    });
    lazada.rows = [
      ...Array.from({ length: 150 }, (_, i) => row(i, day(lastMonthDate.toISOString().slice(0, 8), 15))),
      ...Array.from({ length: 100 }, (_, i) => row(1000 + i, day(thisMonth, 1))),
    ];
    const state = await sync.sync(member.member.id, 'lazada');
    expect(state).toMatchObject({ state: 'ok', lines_new: 250 });
    expect(await count(member.member.id)).toBe(250);
    // Every call stayed inside one month; 150 rows took two pages, 100 rows two (the second empty).
    expect(lazada.ranges.some((r) => r.startsWith(lastMonthDate.toISOString().slice(0, 8)) && r.endsWith('#2'))).toBe(
      true,
    );
    const [cancelled] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM order_lines WHERE member_id = $1 AND status = 'cancelled'`,
      [member.member.id],
    );
    expect(cancelled.n).toBe(25);
    lazada.apps.set('lz-key', { secret: 'lz-secret', token: 'other' });
    expect((await sync.sync(member.member.id, 'lazada')).last_error).toMatch(
      /refused your app key, secret or user token/,
    );
  });

  it("goes through the outbound client's gate: a Lazada 503 is retried, every call counted by service", async () => {
    const member = await t.createMember();
    lazada.apps.set('lz-retry', { secret: 'lz-retry-secret', token: 'lz-retry-token' });
    await t.app.get(MemberSettingsService).update(member.member.id, {
      secrets: {
        lazada_app_key: 'lz-retry',
        lazada_app_secret: 'lz-retry-secret',
        lazada_user_token: 'lz-retry-token',
      },
    });
    lazada.rows = [
      {
        conversionTime: `${new Date().toISOString().slice(0, 10)} 00:30:00`,
        orderId: 'LZRETRY',
        subOrderId: 'S1',
        sku: 'SKU1',
        status: 'Delivered',
        validity: 'valid',
        estPayout: '10',
        orderAmt: '100',
        currency: 'VND',
      },
    ];
    const counted = async (service: string, outcome: string) =>
      (await t.app.get(Metrics).upstreamRequests.get()).values.find(
        (v) => v.labels.service === service && v.labels.outcome === outcome,
      )?.value ?? 0;
    const lazadaOk = await counted('lazada', 'ok');
    const lazadaDown = await counted('lazada', 'upstream_unavailable');
    const shopeeOk = await counted('shopee', 'ok');
    lazada.unavailableCalls = 1;
    const state = await sync.sync(member.member.id, 'lazada');
    expect(state).toMatchObject({ state: 'ok', last_error: null, lines_new: 1 });
    expect(await counted('lazada', 'upstream_unavailable')).toBe(lazadaDown + 1);
    // A page slower than a link's time-out (OUTBOUND_TIMEOUT_MS) is still read: a report page has its own.
    lazada.answerDelayMs = 600;
    try {
      expect(await sync.sync(member.member.id, 'lazada')).toMatchObject({ state: 'ok', last_error: null });
    } finally {
      lazada.answerDelayMs = 0;
    }
    expect(await counted('lazada', 'upstream_unavailable')).toBe(lazadaDown + 1);
    expect(await counted('lazada', 'ok')).toBeGreaterThan(lazadaOk);

    shopee.conversions = conversions(2);
    const shopeeMember = await withShopeeApp('app-counted', 'secret-counted');
    expect(await sync.sync(shopeeMember.member.id, 'shopee')).toMatchObject({ state: 'ok', lines_new: 2 });
    expect(await counted('shopee', 'ok')).toBe(shopeeOk + 1);
  });

  it('the account page reads the sync state and can start a sync', async () => {
    const client = new AccountClient(t);
    await client.register(`sync-${Date.now()}@example.com`);
    const before = await client.get('/account/analytics/sync');
    expect(before.body).toEqual({ ok: true, syncs: [] });
    const run = await client.post('/account/analytics/sync?marketplace=shopee');
    expect(run.status).toBe(200);
    expect(run.body.syncs[0]).toMatchObject({
      marketplace: 'shopee',
      state: 'error',
      last_error: expect.stringMatching(/Save your Shopee app id and secret/),
    });
  });
});
