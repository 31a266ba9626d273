/**
 * globalSetup of the e2e and browser projects (jest.config.js): the run's migrated database (test/support/test-databases.js).
 */
'use strict';
const { prepareDatabases } = require('./test-databases');

module.exports = () => prepareDatabases();
