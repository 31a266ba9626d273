/**
 * The physical limit for convert on this machine: a minimal `node:http` server that runs the same conversion
 * code the api runs (`TextConverter` with the real marketplaces and mode provider), with no framework, no
 * credentials check, no validation, no logging. The benchmarks load it in the same run as the api and report
 * the api's figures as a ratio of this one.
 *
 * `own_shortener` too when BASELINE_MEMBER_ID is set: the real `OwnShortenerMode` over the real `ShortLinkService`
 * (the one-statement shorten), on a TypeORM DataSource built by the app's own `dataSourceOptions`: on
 * `DATABASE_URL` (the api's database, same pool settings) or, without it, on an embedded database of its own in
 * BASELINE_DATA_DIR (the api's embedded database belongs to the api process; this one is migrated here and given
 * the member row the links need). The member must exist in the database (short_links.member_id is a foreign key).
 *
 * Run: `node -r ./scripts/ts-register.js -r tsconfig-paths/register bench/baseline-server.ts` (PORT).
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import { Clock } from '@app/common';
import { dataSourceOptions, initializeWithMigrations } from '@app/database';
import { loadNamespace } from '@app/common/testing';
import { conversionConfig, MarketplaceTargetPolicy, TextConverter } from '@app/conversion';
import {
  AffiliateMode,
  ConversionWorkers,
  type ConvertMode,
  Marketplaces,
  MarketplaceSettingsSource,
  ModeRegistry,
  OwnShortenerMode,
  type ShortLinkResolutionService,
} from '@app/conversion/testing';
import type { Principal } from '@app/credentials';
import { ShortLinkService, shortLinksConfig, ShortLinkUrls } from '@app/shortlinks';
import { ShortCodeGenerator } from '@app/shortlinks/testing';
import { DataSource } from 'typeorm';

const config = loadNamespace(conversionConfig, {
  ...process.env,
  CONVERT_MAX_CONTENT_CHARS: process.env.CONVERT_MAX_CONTENT_CHARS ?? '200000',
});
const shortLinkSettings = loadNamespace(shortLinksConfig, process.env);
const marketplaces = new Marketplaces();
const affiliate = new AffiliateMode(marketplaces);
const memberId = process.env.BASELINE_MEMBER_ID || '00000000-0000-4000-8000-000000000000';
let ownShortener: OwnShortenerMode | undefined;
/** Only the modes the baseline serves; the api's registry has them all. */
const registry = {
  get: (mode: ConvertMode) => (mode === 'affiliate' ? affiliate : mode === 'own_shortener' ? ownShortener : undefined),
} as unknown as ModeRegistry;

/** The database of `own_shortener` (see above); no entities: `shorten` is one raw statement. */
async function openDatabase(): Promise<DataSource> {
  if (process.env.DATABASE_URL) {
    return new DataSource(dataSourceOptions({ url: process.env.DATABASE_URL, embeddedDir: '' }, [])).initialize();
  }
  const db = await initializeWithMigrations(
    dataSourceOptions({ embeddedDir: process.env.BASELINE_DATA_DIR ?? 'memory://' }, []),
  );
  await db.query(
    `INSERT INTO members (id, email, password_hash, plan) VALUES ($1, $2, 'not-a-hash', 'pro') ON CONFLICT DO NOTHING`,
    [memberId, `baseline-${memberId}@bench.invalid`],
  );
  return db;
}
const noResolution = {
  resolveAll: () => Promise.reject(new Error('the baseline does not resolve short links')),
} as unknown as ShortLinkResolutionService;
const noSettings: MarketplaceSettingsSource = { forMember: async () => undefined };
// Its texts are below the worker threads' size: the workers are never started.
const conversion = new TextConverter(
  marketplaces,
  registry,
  noResolution,
  noSettings,
  config,
  new ConversionWorkers(config, marketplaces),
);
const principal: Principal = {
  memberId,
  credentialId: '00000000-0000-4000-8000-000000000001',
  keyPreview: 'sk_base…line',
  plan: 'pro',
  role: 'member',
  defaultAffiliateId: null,
  defaultSubIds: [],
  marketplaceSettings: {},
};

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    void (async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          content: string;
          mode: ConvertMode;
          affiliate_id?: string;
          sub_ids?: string[];
        };
        const result = await conversion.convert(
          { content: body.content, mode: body.mode, affiliateId: body.affiliate_id, subIds: body.sub_ids ?? [] },
          principal,
        );
        const json = JSON.stringify(result);
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(json),
        });
        res.end(json);
      } catch (error) {
        res.writeHead(400, { 'Content-Type': 'text/plain' });
        res.end(String(error));
      }
    })();
  });
});
server.keepAliveTimeout = 65_000;
let database: DataSource | undefined;
async function start(): Promise<void> {
  if (process.env.BASELINE_MEMBER_ID) {
    database = await openDatabase();
    const shortLinks = new ShortLinkService(
      database,
      new ShortCodeGenerator(shortLinkSettings),
      new ShortLinkUrls(shortLinkSettings),
      new Clock(),
      new MarketplaceTargetPolicy(),
      shortLinkSettings,
    );
    ownShortener = new OwnShortenerMode(affiliate, marketplaces, shortLinks, new ShortLinkUrls(shortLinkSettings));
  }
  server.listen(Number(process.env.PORT ?? 3999), '127.0.0.1', () => {
    process.stdout.write(
      `baseline listening on ${process.env.PORT ?? 3999} (affiliate${ownShortener ? ', own_shortener' : ''})\n`,
    );
  });
}
start().catch((error: unknown) => {
  process.stderr.write(`baseline start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
process.on('SIGTERM', () =>
  server.close(() => void (database?.destroy() ?? Promise.resolve()).finally(() => process.exit(0))),
);
