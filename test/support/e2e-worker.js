/**
 * setupFiles of the e2e, process and browser projects: before each test file, `DATABASE_URL` names this worker's
 * own copy of the migrated template (test/support/test-databases.js). The worker pool is the project's lane
 * (`globals.TEST_LANE` in jest.config.js), since the worker ids of two pools repeat.
 */
'use strict';
const { useWorkerDatabase } = require('./test-databases');

module.exports = () => useWorkerDatabase(process.env, globalThis.TEST_LANE ?? 'main');
