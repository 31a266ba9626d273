/**
 * User agents that are not a person clicking: crawlers, link-preview fetchers of social apps and messengers,
 * HTTP libraries and headless browsers. A missing User-Agent counts as a bot too. In-app browsers (Facebook,
 * Zalo, TikTok) carry a normal browser UA plus their tag and are people.
 */
const BOT_UA =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|preview|whatsapp\/|telegrambot|discordbot|slackbot|skypeuripreview|linkedinbot|pinterest\/|vkshare|redditbot|bitlybot|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|okhttp|java\/|libwww|axios\/|node-fetch|undici|headlesschrome|phantomjs|lighthouse|pingdom|uptimerobot|monitor/i;

export function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_UA.test(userAgent);
}
