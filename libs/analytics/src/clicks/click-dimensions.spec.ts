import 'reflect-metadata';
import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { Clock } from '@app/common';
import { ClickDimensionReader, parseAgent, referrerHost } from './click-dimensions';
import { ClickRecorder } from './click-recorder';

const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.38.106]',
  'Mozilla/5.0 (Linux; Android 13; SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.163 Mobile Safari/537.36 Zalo android/12100580',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/538.1 (KHTML, like Gecko) Version/6.0 TV Safari/538.1',
  'curl/8.5.0',
  '',
];
const ADDRESSES = [
  '127.0.0.1',
  '::ffff:113.161.1.2',
  '1.52.3.4',
  '8.8.8.8',
  '2001:4860:4860::8888',
  '10.0.0.1',
  undefined,
];
const REFERERS = [
  undefined,
  'https://m.facebook.com/story.php?id=1',
  'android-app://com.zing.zalo/',
  'not a url',
  'https://l.Instagram.com:443/x',
];

/** A fresh copy of a string, as the HTTP parser hands each request its own header strings. */
const fresh = (value: string) => (value + ' ').slice(0, -1);

describe('ClickDimensionReader', () => {
  it('gives from its caches the dimensions an uncached parse gives, for every agent and address, in any order', () => {
    const reader = new ClickDimensionReader();
    const uncached = new ClickDimensionReader();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...AGENTS), fc.constantFrom(...ADDRESSES), fc.boolean()), { maxLength: 60 }),
        (clicks) => {
          for (const [agent, address, bot] of clicks) {
            const cached = reader.agent(fresh(agent), bot);
            const parsed = bot ? { device: 'bot', os: '', browser: '' } : parseAgent(agent);
            expect([cached.device, cached.os, cached.browser]).toEqual([parsed.device, parsed.os, parsed.browser]);
            const ip = address?.startsWith('::ffff:') ? address.slice(7) : address;
            expect(reader.country(address)).toBe(ip ? uncached.lookUpCountry(ip) : '');
          }
        },
      ),
    );
  });

  it('parses what it caches as bowser does, and finds countries in the shipped database', () => {
    const reader = new ClickDimensionReader();
    expect(reader.hasCountries).toBe(true);
    expect(reader.agent(AGENTS[2], false)).toMatchObject({ device: 'mobile', os: 'Android', browser: 'Chrome' });
    expect(reader.agent(AGENTS[3], false)).toMatchObject({ device: 'tablet', os: 'iOS', browser: 'Safari' });
    // The same object the second time: the agent is parsed once.
    expect(reader.agent(fresh(AGENTS[2]), false)).toBe(reader.agent(AGENTS[2], false));
    expect(reader.country('8.8.8.8')).toBe('US');
    expect(reader.country('::ffff:8.8.8.8')).toBe('US');
    expect(reader.country('127.0.0.1')).toBe('');
  });
});

describe('ClickRecorder counters', () => {
  class MovableClock extends Clock {
    at = Date.UTC(2026, 10, 25, 22, 59, 0);
    override now(): Date {
      return new Date(this.at);
    }
  }

  function recorder(clock: Clock): ClickRecorder {
    const scheduler = { addInterval: () => undefined, deleteInterval: () => undefined };
    return new ClickRecorder(
      {} as never,
      {} as never,
      clock,
      { CLICK_DIMENSIONS_ENABLED: true, CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: 5000 } as never,
      scheduler as never,
    );
  }

  it('hold the same rollup as one counter per (link, hour, country, device, os, browser, referrer, bot) from uncached parses', () => {
    const reader = new ClickDimensionReader();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            link: fc.constantFrom('1', '2', '10', '123456789'),
            agent: fc.constantFrom(...AGENTS),
            address: fc.constantFrom(...ADDRESSES),
            referer: fc.constantFrom(...REFERERS),
            bot: fc.boolean(),
            minutes: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 80 },
        ),
        (clicks) => {
          const clock = new MovableClock();
          const subject = recorder(clock);
          const expected = new Map<string, number>();
          const start = clock.at;
          for (const click of clicks) {
            clock.at = start + click.minutes * 60_000;
            const req = { headers: { 'user-agent': fresh(click.agent), referer: click.referer } } as IncomingMessage;
            subject.record(click.link, req, click.address, click.bot);
            const agent = click.bot ? { device: 'bot', os: '', browser: '' } : parseAgent(click.agent);
            const ip = click.address?.startsWith('::ffff:') ? click.address.slice(7) : click.address;
            const key = JSON.stringify([
              click.link,
              Math.floor(clock.at / 3_600_000),
              ip ? reader.lookUpCountry(ip) : '',
              agent.device,
              agent.os,
              agent.browser,
              referrerHost(click.referer),
              click.bot,
            ]);
            expected.set(key, (expected.get(key) ?? 0) + 1);
          }
          const held = new Map<string, number>();
          const pending = (subject as unknown as { pending: { values(): Iterable<Record<string, unknown>> } }).pending;
          for (const e of pending.values()) {
            const key = JSON.stringify([e.linkId, e.hour, e.country, e.device, e.os, e.browser, e.referrer, e.bot]);
            // Never two counters for one row of click_hours (the flush's ON CONFLICT would reject the statement).
            expect(held.has(key)).toBe(false);
            held.set(key, e.clicks as number);
          }
          expect(held).toEqual(expected);
          expect(subject.pendingClicks).toBe(clicks.length);
        },
      ),
    );
  });
});
