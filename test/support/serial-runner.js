/**
 * Jest's own runner, but serial: every test file of a project that uses it runs one after the other in the main
 * process (what `--runInBand` does for a whole run), while the other projects keep their workers. The e2e tests
 * need it: they share one database (each app they boot empties its tables) and one Redis, and several start
 * processes on free ports and watch the machine's load.
 */
const { default: TestRunner } = require('jest-runner');

class SerialRunner extends TestRunner {
  isSerial = true;
}

module.exports = SerialRunner;
