/**
 * The physical limit for convert on this machine: a minimal `node:http` server that runs the same conversion
 * code the api runs (`ConversionService` with the real marketplaces and mode provider), with no framework, no
 * credentials check, no validation, no logging. The benchmarks load it in the same run as the api and report
 * the api's figures as a ratio of this one.
 *
 * Run: `node -r ./scripts/ts-register.js -r tsconfig-paths/register bench/baseline-server.ts` (PORT).
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import { loadConfig } from '@app/common';
import { ConversionService, ConvertMode, Marketplaces, MarketplaceSettingsSource, ModeRegistry } from '@app/conversion';
import type { Principal } from '@app/credentials';
import { AffiliateMode } from '@app/conversion/modes/providers/affiliate.mode';
import type { ShortLinkResolutionService } from '@app/conversion/resolver';

const config = loadConfig({
  ...process.env,
  CONVERT_MAX_CONTENT_CHARS: process.env.CONVERT_MAX_CONTENT_CHARS ?? '200000',
});
const marketplaces = new Marketplaces();
const affiliate = new AffiliateMode(marketplaces);
/** Only the modes the baseline serves; the api's registry has them all. */
const registry = {
  get: (mode: ConvertMode) => (mode === 'affiliate' ? affiliate : undefined),
} as unknown as ModeRegistry;
const noResolution = {
  resolveAll: () => Promise.reject(new Error('the baseline does not resolve short links')),
} as unknown as ShortLinkResolutionService;
const noSettings: MarketplaceSettingsSource = { forMember: async () => undefined };
const conversion = new ConversionService(marketplaces, registry, noResolution, noSettings, config);
const principal: Principal = {
  memberId: '00000000-0000-4000-8000-000000000000',
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
server.listen(Number(process.env.PORT ?? 3999), '127.0.0.1', () => {
  process.stdout.write(`baseline listening on ${process.env.PORT ?? 3999}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
