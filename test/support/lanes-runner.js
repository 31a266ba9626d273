/**
 * The test runner of every project (jest.config.js): Jest's own runner, in lanes that run at the same time. A
 * project with `globals.TEST_LANE` is in that lane, a pool of `globals.TEST_LANE_WORKERS` workers of its own (the
 * browser tests: one Chromium at a time); the others share the lane `main`, one pool of `maxWorkers` workers (each
 * e2e worker on a database of its own: test/support/e2e-worker.js). With `--runInBand` the lanes run one after the
 * other in the main process. (Jest itself runs the tests of two runners one runner after the other, hence one
 * runner for all.)
 */
'use strict';
const { default: TestRunner } = require('jest-runner');

/** What Jest listens to on a runner (jest-runner's events), passed on from each lane's runner. */
const EVENTS = ['test-file-start', 'test-file-success', 'test-file-failure', 'test-case-start', 'test-case-result'];

class LanesRunner {
  supportsEventEmitters = true;
  isSerial = false;
  /** Listeners by event; `emit` waits for them all, as Jest's own runner does. */
  #listeners = new Map();

  constructor(globalConfig, context) {
    this.globalConfig = globalConfig;
    this.context = context;
  }

  on(eventName, listener) {
    if (!this.#listeners.has(eventName)) this.#listeners.set(eventName, new Set());
    this.#listeners.get(eventName).add(listener);
    return () => this.#listeners.get(eventName).delete(listener);
  }

  async #emit(eventName, payload) {
    await Promise.all([...(this.#listeners.get(eventName) ?? [])].map((listener) => listener(payload)));
  }

  async runTests(tests, watcher, options) {
    const lanes = new Map();
    const workers = new Map();
    for (const test of tests) {
      const { TEST_LANE: lane = 'main', TEST_LANE_WORKERS: laneWorkers } = test.context.config.globals;
      if (!lanes.has(lane)) lanes.set(lane, []);
      lanes.get(lane).push(test);
      if (laneWorkers) workers.set(lane, Math.min(laneWorkers, this.globalConfig.maxWorkers));
    }
    const run = (lane, laneTests, serial) => {
      const maxWorkers = workers.get(lane) ?? this.globalConfig.maxWorkers;
      const runner = new TestRunner({ ...this.globalConfig, maxWorkers }, this.context);
      for (const event of EVENTS) runner.on(event, (payload) => this.#emit(event, payload));
      return runner.runTests(laneTests, watcher, { serial });
    };
    if (options.serial) {
      for (const [lane, laneTests] of lanes) await run(lane, laneTests, true);
      return;
    }
    await Promise.all([...lanes].map(([lane, laneTests]) => run(lane, laneTests, false)));
  }
}

module.exports = LanesRunner;
