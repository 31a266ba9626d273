import { retryDelayMs, WebhooksConfig } from './webhooks.config';

describe('the retry schedule', () => {
  it('with the defaults, backs off ×4 (at most 10 h) and spans more than a day', () => {
    const config = new WebhooksConfig();
    const waits = Array.from({ length: config.WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(config, i + 1));
    expect(waits.slice(0, 3)).toEqual([5_000, 20_000, 80_000]);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBe(Math.min(waits[i - 1] * 4, 36_000_000));
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * 3_600_000);
  });
});
