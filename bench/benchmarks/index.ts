import { analytics } from './analytics';
import type { Benchmark } from './benchmark';
import { convertAffiliate } from './convert-affiliate';
import { costGrowth } from './cost-growth';
import { fairness } from './fairness';
import { convertOwnShortener } from './convert-own-shortener';
import { redirect } from './redirect';
import { redirectScale } from './redirect-scale';
import { redisHang } from './redis-hang';
import { slowUploads } from './slow-uploads';

/**
 * Every benchmark `npm run bench` runs, in this order (`npm run bench -- <name>...` runs some).
 * Each is one file here and one entry below.
 */
export const BENCHMARKS: Benchmark[] = [
  convertAffiliate,
  costGrowth,
  convertOwnShortener,
  redirect,
  redirectScale,
  analytics,
  fairness,
  redisHang,
  slowUploads,
];
