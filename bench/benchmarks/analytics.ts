import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CLICK_SUMMARY_TABLES, ORDER_SUMMARY_TABLES, orderSummaryInsert, summaryUpsert } from '@app/analytics/testing';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { ApiProcess, runCli } from '../../test/support/api-process';
import { type BenchContext, type BenchMember, READY_TIMEOUT_MS } from '../lib/context';
import { measureThroughput, type Throughput } from '../lib/load';
import { printTable, round } from '../lib/report';
import { REDIRECT_CODES, redirectTarget } from '../redirect/load';
import type { Benchmark } from './benchmark';

/**
 * The issue's scale, times `BENCH_ANALYTICS_SCALE` (default 1: 100,000 links, 50,000,000 clicks over 90 days,
 * 200,000 order items, a 100,000-row CSV). `BENCH_ANALYTICS_SCALE=0.02` runs in a few minutes on a laptop.
 */
const SCALE = Number(process.env.BENCH_ANALYTICS_SCALE ?? '1');
const LINKS = Math.max(100, Math.round(100_000 * SCALE));
const CLICKS = Math.max(10_000, Math.round(50_000_000 * SCALE));
const ITEMS = Math.max(1000, Math.round(200_000 * SCALE));
/** `BENCH_ANALYTICS_CSV_ROWS` keeps the issue's 100,000-row file at a smaller scale. */
const CSV_ROWS = Number(process.env.BENCH_ANALYTICS_CSV_ROWS ?? Math.max(1000, Math.round(100_000 * SCALE)));
const DAYS = 90;
const QUERIES = Number(process.env.BENCH_ANALYTICS_QUERIES ?? '40');
/**
 * Timed calls of the other groupings the earnings page makes (count, timeseries in a time zone, link) and of the
 * click dimensions (country, device); 0: none.
 */
const QUERIES_OTHER = Number(process.env.BENCH_ANALYTICS_QUERIES_OTHER ?? '10');
/** `BENCH_ANALYTICS_REDIRECT=0` skips the redirector figure (dimensions on vs off). */
const REDIRECT = process.env.BENCH_ANALYTICS_REDIRECT !== '0';
/**
 * `BENCH_ANALYTICS_REUSE=1`: the data belong to a member kept between runs (`bench-analytics-<scale>@bench.invalid`),
 * seeded in one transaction by the first run and read as they are by the next ones (the full-scale seed takes
 * tens of minutes); each run removes the previous run's import first, so the import is measured on new rows.
 */
const REUSE = process.env.BENCH_ANALYTICS_REUSE === '1';
/** The seeded links' codes: the kept members of several scales live side by side (codes are unique). */
const CODE_PREFIX = REUSE ? `K${Math.round(SCALE * 1000)}x` : 'A';

const VN_HEADER =
  'ID đơn hàng,Trạng thái đặt hàng,Checkout id,Thời Gian Đặt Hàng,Thời gian hoàn thành,Thời gian Click,Tên Shop,Shop id,Item id,Tên Item,ID Model,Giá(₫),Số lượng,Giá trị đơn hàng (₫),Tổng hoa hồng sản phẩm(₫),Hoa hồng ròng tiếp thị liên kết(₫),Trạng thái sản phẩm liên kết,Sub_id1,Sub_id2,Sub_id3,Sub_id4,Sub_id5,Kênh';

function csv(rows: number): Buffer {
  const lines = [`\uFEFF${VN_HEADER}`];
  const day = (i: number) => new Date(Date.now() - (i % DAYS) * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < rows; i += 1) {
    const status = i % 10 === 0 ? 'Đã hủy' : i % 3 === 0 ? 'Đang chờ xử lý' : 'Hoàn thành';
    lines.push(
      `CSV${i},${status},${i},${day(i)} 10:00:00,,${day(i)} 09:00:00,Shop ${i % 50},${i % 50},${1000 + (i % 997)},Item ${i % 997},${i % 3},100000,1,100000,5000,5000,${status},s${i % 200},p${i % 7},,,,Facebook`,
    );
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))];
}

function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

export const analytics: Benchmark = {
  name: 'analytics',
  description: `GET /api/analytics by sub id over ${DAYS} days at ${LINKS} links, ${CLICKS} clicks, ${ITEMS} order items; a ${CSV_ROWS}-row CSV import; storage per million clicks (BENCH_ANALYTICS_SCALE=${SCALE})`,
  async run(ctx: BenchContext) {
    if (!ctx.databaseUrl) throw new Error('The analytics benchmark needs DATABASE_URL (PostgreSQL)');
    const db = new Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const { member, seededBefore } = REUSE
      ? await keptMember(ctx, db)
      : { member: await ctx.member(), seededBefore: false };
    // Its own api process, given longer to start (a loaded machine takes over a minute to compile and migrate).
    // BENCH_API_NODE_ARGS as for the shared api (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the import).
    const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const api = await ApiProcess.start({ env: ctx.apiEnv(), entry: 'main', readyTimeoutMs: 300_000, nodeArgs });
    try {
      const seeded = performance.now();
      let clicksSeconds = 0;
      if (seededBefore) {
        process.stdout.write(`reusing the data of ${member.email} (BENCH_ANALYTICS_REUSE=1)\n`);
        await db.query(`DELETE FROM order_lines WHERE member_id = $1 AND order_id LIKE 'CSV%'`, [member.memberId]);
        for (const table of ORDER_SUMMARY_TABLES) {
          await db.query(`DELETE FROM ${table} WHERE member_id = $1`, [member.memberId]);
        }
        await seedOrderDays(db, member.memberId);
        // The removed lines' dead rows would slow the next scans until autovacuum came by.
        await db.query('VACUUM ANALYZE order_lines');
        for (const table of ORDER_SUMMARY_TABLES) await db.query(`VACUUM ANALYZE ${table}`);
      } else {
        await db.query('BEGIN');
        await db.query(
          `INSERT INTO short_links (member_id, domain, code, target, sub_id, marketplace, region, shop_id, item_id)
         SELECT $1, '', $3 || lpad(to_hex(i), 7, '0'), 'https://shopee.vn/x-i.1.' || (1000 + i % 997) || '?b=' || i,
                's' || (i % 200) || '-p' || (i % 7), 'shopee', 'vn', '1', (1000 + i % 997)::text
           FROM generate_series(1, $2::int) AS i`,
          [member.memberId, LINKS, CODE_PREFIX],
        );
        // Clicks as the flush writes them: one row per (link, hour, combination), 3 clicks each, every link clicked
        // in ROWS_PER_LINK distinct hours spread over the 90 days (a different hour of the day per link), the
        // dimensions varying with the hour; then the daily summary the flush keeps beside them.
        const perRow = 3;
        const rowsPerLink = Math.max(1, Math.round(CLICKS / perRow / LINKS));
        const step = Math.max(1, Math.floor((DAYS * 24) / rowsPerLink));
        await db.query(
          `INSERT INTO click_hours (short_link_id, hour, country, device, os, browser, referrer, bot, member_id, sub_id, marketplace, item_id, clicks)
         SELECT l.id, date_trunc('hour', now()) - ((k * $3::int + l.id % $3::int) % ($4::int * 24)) * interval '1 hour',
                (ARRAY['VN','TH','ID','PH','MY'])[1 + k % 5], (ARRAY['mobile','desktop','tablet'])[1 + k % 3],
                (ARRAY['Android','iOS','Windows'])[1 + k % 3], (ARRAY['Chrome','Safari','Facebook'])[1 + k % 3],
                (ARRAY['', 'm.facebook.com', 'l.facebook.com', 'zalo.me'])[1 + k % 4], k % 20 = 0, $1, l.sub_id,
                'shopee', (1000 + l.id % 997)::text, $5::int
           FROM short_links l CROSS JOIN generate_series(0, $2::int - 1) AS k
          WHERE l.member_id = $1`,
          [member.memberId, rowsPerLink, step, DAYS, perRow],
        );
        clicksSeconds = (performance.now() - seeded) / 1000;
        // The click summaries, as the flush keeps them beside the detail (the same SQL).
        for (const table of CLICK_SUMMARY_TABLES) {
          await db.query(summaryUpsert(table, '(SELECT * FROM click_hours WHERE member_id = $1) AS mine'), [
            member.memberId,
          ]);
        }
        await db.query(
          `INSERT INTO order_lines (member_id, marketplace, line_key, order_id, item_id, model_id, status, currency, qty, gmv, commission, net_commission, sub_id, purchased_at, source)
         SELECT $1, 'shopee', 'B' || i || '|' || (1000 + i % 997) || '|0', 'B' || (i / 2), (1000 + i % 997)::text, '0',
                (ARRAY['pending','completed','completed','cancelled'])[1 + i % 4], 'VND', 1, 100000, 5000, 5000,
                's' || (i / 2 % 200) || '-p' || (i / 2 % 7), now() - (i / 2 % ($3::int * 24)) * interval '1 hour', 'csv'
           FROM generate_series(1, $2::int) AS i`,
          [member.memberId, ITEMS, DAYS],
        );
        await seedOrderDays(db, member.memberId);
        await db.query('COMMIT');
        await db.query(
          `ANALYZE short_links; ANALYZE click_hours; ${CLICK_SUMMARY_TABLES.map((t) => `ANALYZE ${t}`).join('; ')}; ANALYZE order_lines; ${ORDER_SUMMARY_TABLES.map((t) => `ANALYZE ${t}`).join('; ')}`,
        );
      }
      const seedSeconds = (performance.now() - seeded) / 1000;
      const [{ rows: clickRows, clicks, bytes, day_bytes: dayBytes, day_rows: dayRows }] = (
        await db.query(
          `SELECT count(*)::bigint AS rows, sum(clicks)::bigint AS clicks,
                  pg_total_relation_size('click_hours') AS bytes, pg_total_relation_size('click_days') AS day_bytes,
                  (SELECT count(*) FROM click_days) AS day_rows
             FROM click_hours`,
        )
      ).rows;
      // Each click summary's size (table and indexes), for the storage per million clicks.
      const summaryBytes = (
        await db.query(`SELECT t AS table, pg_total_relation_size(t)::bigint AS bytes FROM unnest($1::text[]) AS t`, [
          CLICK_SUMMARY_TABLES,
        ])
      ).rows.map((r: { table: string; bytes: string }) => ({ table: r.table, bytes: Number(r.bytes) }));

      const headers = { 'X-API-Key': member.apiKey, 'X-API-Token': member.apiToken };
      const range = `timezone=Asia/Ho_Chi_Minh&start=${new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}`;
      /** `calls` timed calls after 3 untimed ones: their times (ms) and the rows of the last answer. */
      const timed = async (params: string, calls: number) => {
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < calls + 3; i += 1) {
          const started = performance.now();
          const res = await fetch(`${api.url}/api/analytics?${params}&${range}`, { headers });
          const body = (await res.json()) as { rows?: unknown[] };
          if (res.status !== 200) {
            // A grouping that reads the detail may pass the database's statement timeout (10 s): a figure too.
            if (params !== 'groupBy=sub_id')
              return {
                times,
                rows,
                failed: `answered ${res.status} after ${round(performance.now() - started, 0)} ms`,
              };
            throw new Error(`GET /api/analytics?${params} answered ${res.status}`);
          }
          if (i >= 3) times.push(performance.now() - started);
          rows = body.rows?.length ?? 0;
        }
        return { times, rows, failed: null as string | null };
      };
      const { times, rows } = await timed('groupBy=sub_id', QUERIES);
      process.stdout.write(
        `groupBy=sub_id: p95 ${round(p95(times), 1)} ms, median ${round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], 1)} ms, ${rows} rows; seeding ${round(seedSeconds, 1)} s; ${clicks} clicks in ${clickRows} rows (${dayRows} day rows); click_hours ${bytes} B, click_days ${dayBytes} B\n`,
      );
      const other = QUERIES_OTHER > 0;
      const count = other ? await timed('groupBy=count', QUERIES_OTHER) : null;
      const series = other ? await timed('groupBy=timeseries', QUERIES_OTHER) : null;
      const byLink = other ? await timed('groupBy=link', QUERIES_OTHER) : null;
      const byCountry = other ? await timed('groupBy=country', QUERIES_OTHER) : null;
      const byDevice = other ? await timed('groupBy=device', QUERIES_OTHER) : null;
      for (const [name, figures] of [
        ['count', count],
        ['timeseries', series],
        ['link', byLink],
        ['country', byCountry],
        ['device', byDevice],
      ] as const) {
        if (figures) {
          process.stdout.write(
            `groupBy=${name}: ${figures.failed ?? `p95 ${round(p95(figures.times), 1)} ms, median ${round([...figures.times].sort((a, b) => a - b)[Math.floor(figures.times.length / 2)], 1)} ms`}\n`,
          );
        }
      }

      const file = csv(CSV_ROWS);
      const rssBefore = rssMb(api.pid);
      let rssPeak = rssBefore;
      const probe = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(api.pid))), 100);
      const importStarted = performance.now();
      const res = await fetch(`${api.url}/api/conversions/import?apply=true`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/csv' },
        body: new Uint8Array(file),
      });
      const text = await res.text().catch((error: Error) => `(no answer: ${error.message})`);
      const importSeconds = (performance.now() - importStarted) / 1000;
      clearInterval(probe);
      let summary: { new?: number; rows_read?: number } = {};
      try {
        summary = JSON.parse(text) as typeof summary;
      } catch {
        summary = {};
      }
      // Said at once: a later step that fails must not take the figures already measured with it.
      process.stdout.write(
        `import ${CSV_ROWS} rows: ${res.status} ${res.status === 200 ? '' : text.slice(0, 200)} in ${round(importSeconds, 2)} s, RSS ${round(rssBefore, 0)} → ${round(rssPeak, 0)} MB\n`,
      );

      const redirects = REDIRECT ? await dimensionsRatio(ctx, member) : null;
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const table = [
        { figure: 'links', value: LINKS },
        { figure: 'clicks (click_hours rows; click_days rows)', value: `${clicks} (${clickRows}; ${dayRows})` },
        { figure: 'order items', value: ITEMS },
        { figure: 'seeding, s (of which click_hours)', value: `${round(seedSeconds, 1)} (${round(clicksSeconds, 1)})` },
        {
          figure: `GET /api/analytics groupBy=sub_id ${DAYS} days: p95 ms (${QUERIES} calls, ${rows} rows)`,
          value: round(p95(times), 1),
        },
        {
          figure: 'GET /api/analytics: median ms',
          value: round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], 1),
        },
        ...[
          ['count', count],
          ['timeseries (days, Asia/Ho_Chi_Minh)', series],
          ['link', byLink],
          ['country', byCountry],
          ['device', byDevice],
        ].flatMap(([name, figures]) =>
          figures && typeof figures !== 'string'
            ? [
                {
                  figure: `GET /api/analytics groupBy=${name}: p95 / median ms (${QUERIES_OTHER} calls)`,
                  value: figures.failed ?? `${round(p95(figures.times), 1)} / ${round(median(figures.times), 1)}`,
                },
              ]
            : [],
        ),
        {
          figure: `import ${CSV_ROWS}-row CSV (${(file.length / 1e6).toFixed(1)} MB): s`,
          value: round(importSeconds, 2),
        },
        { figure: 'import: api RSS before → peak, MB', value: `${round(rssBefore, 0)} → ${round(rssPeak, 0)}` },
        {
          figure: 'click_hours bytes per million clicks, MB',
          value: round(((Number(bytes) / Number(clicks)) * 1e6) / 1e6, 1),
        },
        ...summaryBytes.map(({ table, bytes: size }: { table: string; bytes: number }) => ({
          figure: `${table} bytes per million clicks, MB`,
          value: round(((size / Number(clicks)) * 1e6) / 1e6, 2),
        })),
        ...(redirects
          ? [
              {
                figure: `redirects/s, dimensions off → on (${redirects.rounds} rounds each, alternated)`,
                value: `${round(redirects.off, 0)} → ${round(redirects.on, 0)}`,
              },
              { figure: 'redirector with dimensions / without', value: round(redirects.on / redirects.off, 3) },
              {
                figure: 'server CPU µs per redirect, off → on',
                value: `${round(redirects.cpuOff, 0)} → ${round(redirects.cpuOn, 0)}`,
              },
            ]
          : []),
      ];
      printTable('analytics', table);
      return {
        scale: SCALE,
        links: LINKS,
        clicks: Number(clicks),
        click_rows: Number(clickRows),
        order_items: ITEMS,
        analytics_p95_ms: round(p95(times), 1),
        import_rows: summary.rows_read,
        import_seconds: round(importSeconds, 2),
        import_rss_mb: { before: round(rssBefore, 0), peak: round(rssPeak, 0) },
        click_bytes_per_million: Math.round((Number(bytes) / Number(clicks)) * 1e6),
        click_day_bytes_per_million: Math.round((Number(dayBytes) / Number(clicks)) * 1e6),
        click_summary_bytes_per_million: Object.fromEntries(
          summaryBytes.map(({ table, bytes: size }: { table: string; bytes: number }) => [
            table,
            Math.round((size / Number(clicks)) * 1e6),
          ]),
        ),
        other_p95_ms: {
          count: count ? (count.failed ?? round(p95(count.times), 1)) : null,
          timeseries: series ? (series.failed ?? round(p95(series.times), 1)) : null,
          link: byLink ? (byLink.failed ?? round(p95(byLink.times), 1)) : null,
          country: byCountry ? (byCountry.failed ?? round(p95(byCountry.times), 1)) : null,
          device: byDevice ? (byDevice.failed ?? round(p95(byDevice.times), 1)) : null,
        },
        redirect_dimensions: redirects,
      };
    } finally {
      if (!REUSE) {
        await db.query('DELETE FROM click_hours WHERE member_id = $1', [member.memberId]).catch(() => undefined);
      } else {
        await db.query('ROLLBACK').catch(() => undefined);
      }
      await db.end();
      await api.stop();
    }
  },
};

/** The order summaries of the member, as the import keeps them (the same SQL). */
async function seedOrderDays(db: Client, memberId: string): Promise<void> {
  for (const table of ORDER_SUMMARY_TABLES) {
    await db.query(orderSummaryInsert(table, 'member_id = $1'), [memberId]);
  }
}

/**
 * The member kept between runs for this scale (made on first use, never deleted by the run), with fresh
 * credentials, and whether its data are already seeded (the seed is one transaction: all or nothing).
 */
async function keptMember(ctx: BenchContext, db: Client): Promise<{ member: BenchMember; seededBefore: boolean }> {
  const email = `bench-analytics-${SCALE}@bench.invalid`;
  const password = randomUUID();
  // A fresh database has no tables until the CLI's first run migrates it.
  const found = await db.query('SELECT id FROM members WHERE email = $1', [email]).catch((error: { code?: string }) => {
    if (error.code === '42P01') return { rowCount: 0 };
    throw error;
  });
  const out =
    found.rowCount === 0
      ? await runCli(['members:create', '--email', email, '--password-stdin', '--plan', 'pro'], ctx.apiEnv(), password)
      : await runCli(['credentials:regenerate', '--email', email], ctx.apiEnv());
  const member = { memberId: out.member_id, email, password, apiKey: out.api_key, apiToken: out.api_token };
  const [{ links }] = (
    await db.query('SELECT count(*)::int AS links FROM short_links WHERE member_id = $1', [member.memberId])
  ).rows as Array<{ links: number }>;
  return { member, seededBefore: links === LINKS };
}

/**
 * The mounted redirector with click dimensions on and off (`CLICK_DIMENSIONS_ENABLED=false`), two fresh api
 * processes side by side in one run: 200 codes, the same load, measured alternately (off, on, off, on…) so the
 * machine's noise falls on both; requests a second and the server's CPU per redirect. Both fresh: the api that
 * served the queries and the import holds a heap hundreds of MB larger, whose collection is not the dimensions'
 * cost (it made the "on" side 2 µs a redirect dearer).
 */
async function dimensionsRatio(ctx: BenchContext, member: BenchMember) {
  const start = (env: Record<string, string>) =>
    ApiProcess.start({ env: ctx.apiEnv(env), entry: 'main', readyTimeoutMs: READY_TIMEOUT_MS });
  const [on, off] = await Promise.all([start({}), start({ CLICK_DIMENSIONS_ENABLED: 'false' })]);
  try {
    // 200 of the member's seeded links (making new ones would pass the plan's short-link quota at this scale).
    const db = new Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const codes = (
      await db
        .query(`SELECT code FROM short_links WHERE member_id = $1 ORDER BY id LIMIT $2`, [
          member.memberId,
          REDIRECT_CODES,
        ])
        .finally(() => db.end())
    ).rows.map((row: { code: string }) => row.code);
    const rounds = Number(process.env.BENCH_ANALYTICS_REDIRECT_ROUNDS ?? '2');
    const figures: { on: Throughput[]; off: Throughput[] } = { on: [], off: [] };
    // A round unmeasured first: both processes' caches and JIT warm (the second api has just started).
    for (const server of [off, on])
      await measureThroughput(redirectTarget(server.url, codes), { serverPid: server.pid });
    for (let i = 0; i < rounds; i += 1) {
      figures.off.push(await measureThroughput(redirectTarget(off.url, codes), { serverPid: off.pid }));
      figures.on.push(await measureThroughput(redirectTarget(on.url, codes), { serverPid: on.pid }));
    }
    const mean = (list: Throughput[], pick: (t: Throughput) => number) =>
      list.reduce((sum, t) => sum + pick(t), 0) / list.length;
    return {
      rounds,
      off: mean(figures.off, (t) => t.requestsPerSecond),
      on: mean(figures.on, (t) => t.requestsPerSecond),
      cpuOff: mean(figures.off, (t) => t.serverCpuUsPerRequest ?? NaN),
      cpuOn: mean(figures.on, (t) => t.serverCpuUsPerRequest ?? NaN),
    };
  } finally {
    for (const server of [on, off]) {
      await server.stop();
      await server.dispose();
    }
  }
}
