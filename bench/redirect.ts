/**
 * `npm run bench:redirect`: the redirector's requests/s and p99 beside a minimal node:http server answering the
 * same 302 from an in-memory Map, in the same run (autocannon, 50 connections, loopback, 10 s each by default).
 *
 *   BENCH_DURATION_SECONDS=2 npm run bench:redirect     # a short run
 *   DATABASE_URL=postgres://… npm run bench:redirect     # on Postgres (the tables are written to: use a bench DB)
 *
 * Measured: the standalone redirector (apps/redirector) and the api with the redirector mounted
 * (single-process default), both on warm caches (after one round over the codes): the hot path. autocannon runs
 * in this process too, so the figures are for comparison, not capacity.
 */
import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { ensureSecrets, type LoadedConfig } from '@app/common';
import { databaseConfig } from '@app/database';
import { ExpressServerAdapter } from '@app/http';
import { MembersService } from '@app/members';
import { ShortLinkService, ShortLinkUrls } from '@app/shortlinks';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../apps/api/src/app.module';
import { configureApp } from '../apps/api/src/configure-app';
import { loadApiConfig } from '../apps/api/src/startup-config';
import { configureRedirector } from '../apps/redirector/src/configure-redirector';
import { RedirectorModule } from '../apps/redirector/src/redirector.module';
import { PROCESS_SECRETS } from '../test/support/api-process';
import { measureThroughput } from './lib/load';
import { baselineServer } from './redirect/baseline';
import { benchProductLinks, REDIRECT_CODES, REDIRECT_HOST, redirectTarget } from './redirect/load';

const HOST = REDIRECT_HOST;
const CODES = REDIRECT_CODES;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p99: number;
  non3xx: number;
}

function benchConfig(dataDir: string): LoadedConfig {
  const config = loadApiConfig({
    // With DATABASE_URL the secrets are required: the bench's own (never a deployment's), unless given.
    ...PROCESS_SECRETS,
    ...process.env,
    DATA_DIR: dataDir,
    SHORT_LINK_BASE_URL: `http://${HOST}`,
    LOG_LEVEL: 'silent',
    REGISTRATION_OPEN: 'false',
  });
  ensureSecrets(config, config.get(databaseConfig));
  return config;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The same load as the `redirect` entry of `npm run bench` (bench/redirect/load.ts), warm-up a fifth. */
async function measure(name: string, port: number, codes: string[]): Promise<Figures> {
  const figures = await measureThroughput(redirectTarget(`http://127.0.0.1:${port}`, codes), {
    seconds: DURATION,
    warmupSeconds: Math.max(1, Math.round(DURATION / 5)),
    connections: CONNECTIONS,
  });
  return { name, requestsPerSecond: figures.requestsPerSecond, p99: figures.p99Ms, non3xx: figures.errors };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-bench-'));
  const results: Figures[] = [];
  const targets = new Map<string, string>();
  try {
    // 1. The api (migrations, a member, the short links), then the api with the redirector mounted.
    const config = benchConfig(dataDir);
    const api = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot(config),
      new ExpressServerAdapter(),
      {
        bodyParser: false,
        logger: false,
      },
    );
    configureApp(api, config);
    await api.init();
    const member = await api
      .get(MembersService)
      .create({ email: `bench-${Date.now()}@example.com`, password: 'bench password 123' });
    const links = benchProductLinks(CODES).map(
      (product) =>
        `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(product)}&affiliate_id=17345510000&sub_id=bench`,
    );
    const codes = await api.get(ShortLinkService).shorten(member.id, '', links);
    for (const [target, code] of codes) targets.set(code, target);
    const urls = api.get(ShortLinkUrls);
    process.stdout.write(`${CODES} short links, e.g. ${urls.url('', [...targets.keys()][0])}\n`);
    const codeList = [...targets.keys()];
    results.push(await measure('api, redirector mounted', await listen(api.getHttpServer()), codeList));
    await api.close();

    // 2. The standalone redirector on the same database.
    const redirector = await NestFactory.create<NestExpressApplication>(
      RedirectorModule.forRoot(config),
      new ExpressServerAdapter(),
      {
        bodyParser: false,
        logger: false,
      },
    );
    configureRedirector(redirector);
    await redirector.init();
    results.push(await measure('redirector (apps/redirector)', await listen(redirector.getHttpServer()), codeList));
    await redirector.close();

    // 3. The yardstick.
    const baseline = baselineServer(HOST, targets);
    results.push(await measure('node:http + Map (baseline)', await listen(baseline), codeList));
    await new Promise<void>((resolve) => baseline.close(() => resolve()));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const base = results[results.length - 1];
  process.stdout.write(
    `\nGET /<code> → 302, ${CONNECTIONS} connections, ${DURATION} s each, loopback, ${CODES} codes` +
      ` (${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''})\n\n`,
  );
  process.stdout.write(
    '| server | requests/s | p99 (ms) | vs baseline (req/s) | errors |\n|---|---:|---:|---:|---:|\n',
  );
  for (const figures of results) {
    process.stdout.write(
      `| ${figures.name} | ${Math.round(figures.requestsPerSecond)} | ${figures.p99} | ` +
        `${(figures.requestsPerSecond / base.requestsPerSecond).toFixed(2)} | ${figures.non3xx} |\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
