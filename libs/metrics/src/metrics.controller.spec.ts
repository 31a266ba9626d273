import { Logger } from '@nestjs/common';
import type { CommonConfig } from '@app/common';
import { MetricsController } from './metrics.controller';
import type { MetricsConfig } from './metrics.config';
import { Metrics } from './metrics.service';

describe('MetricsController at start', () => {
  const warnings = (metrics: Partial<MetricsConfig>, nodeEnv: CommonConfig['NODE_ENV']): string[] => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const config = { METRICS_ENABLED: true, ...metrics } as MetricsConfig;
      new MetricsController(new Metrics(config), config, {
        NODE_ENV: nodeEnv,
      } as CommonConfig).onApplicationBootstrap();
      return warn.mock.calls.map(([message]) => String(message));
    } finally {
      warn.mockRestore();
    }
  };

  it('warns when /metrics is public in production', () => {
    const [warning] = warnings({}, 'production');
    expect(warning).toContain('GET /metrics is public');
    expect(warning).toContain('METRICS_TOKEN');
  });

  it('says nothing with a token, with the metrics off, or outside production', () => {
    expect(warnings({ METRICS_TOKEN: 'a-token-of-16-chars-or-more' }, 'production')).toEqual([]);
    expect(warnings({ METRICS_ENABLED: false }, 'production')).toEqual([]);
    expect(warnings({}, 'development')).toEqual([]);
  });
});
