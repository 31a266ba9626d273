import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/**
 * Whether a User-Agent is not a person clicking: crawlers, link-preview fetchers of social apps and messengers,
 * HTTP libraries and headless browsers, as the maintained `isbot` list knows them (Unlicense); a missing
 * User-Agent counts as a bot too. In-app browsers (Facebook, Zalo, TikTok) carry a normal browser UA plus their tag
 * and are people. The answers are memoised (user agents repeat: a few thousand cover nearly every click), so the
 * list's large pattern runs once per distinct agent.
 */
const answers = new LRUCache<string, boolean>({ max: 5000 });

export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let bot = answers.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    answers.set(userAgent, bot);
  }
  return bot;
}
