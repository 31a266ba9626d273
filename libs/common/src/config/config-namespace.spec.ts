import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { commonConfig } from '../common.config';
import { configNamespace, configProblems, loadConfig, loadNamespace, settingNames, toInt } from './config-namespace';

class DemoConfig {
  /** Something countable. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10)
  DEMO_COUNT = 3;
}
const demoConfig = configNamespace('demo', DemoConfig, {
  complete: (settings, config) =>
    config.find(commonConfig)?.NODE_ENV === 'test' && settings.DEMO_COUNT > 2 ? ['too many'] : [],
});

describe('config namespaces', () => {
  it('are @nestjs/config namespaces: a KEY to inject, a factory reading process.env', () => {
    expect(demoConfig.KEY).toBe('CONFIGURATION(demo)');
    expect(demoConfig()).toBeInstanceOf(DemoConfig);
    expect(settingNames(DemoConfig)).toEqual(['DEMO_COUNT']);
  });

  it('read only their own variables, with their defaults', () => {
    expect(loadNamespace(demoConfig, { DEMO_COUNT: '7', NODE_ENV: 'not read here' }).DEMO_COUNT).toBe(7);
    expect(loadNamespace(demoConfig, {}).DEMO_COUNT).toBe(3);
  });

  it('list every bad value of every namespace in one error', () => {
    const problems = configProblems(() =>
      loadConfig({ DEMO_COUNT: '11', NODE_ENV: 'staging' }, [commonConfig, demoConfig]),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^NODE_ENV /));
    expect(problems).toContainEqual(expect.stringMatching(/^DEMO_COUNT /));
    expect(problems.every((problem) => /^(NODE_ENV|DEMO_COUNT) /.test(problem))).toBe(true);
  });

  it('complete once every namespace is valid, and may add problems', () => {
    expect(() => loadConfig({ NODE_ENV: 'test' }, [commonConfig, demoConfig])).toThrow(/too many/);
    const config = loadConfig({ NODE_ENV: 'test', DEMO_COUNT: '2' }, [commonConfig, demoConfig]);
    expect(config.get(demoConfig).DEMO_COUNT).toBe(2);
    expect(config.providers()).toEqual([
      { provide: commonConfig.KEY, useValue: config.get(commonConfig) },
      { provide: demoConfig.KEY, useValue: config.get(demoConfig) },
    ]);
  });
});
