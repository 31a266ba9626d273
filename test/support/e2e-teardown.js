/** globalTeardown of the e2e, process and browser projects: drops what test/support/test-databases.js made. */
'use strict';
const { removeDatabases } = require('./test-databases');

module.exports = () => removeDatabases();
