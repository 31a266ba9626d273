/**
 * globalSetup of the process project (jest.config.js: the files that run the api as separate processes): the build
 * those processes run (`dist/`, made by `nest build` when it is missing or older than a source, as `npm start`
 * does), and the run's migrated database (test/support/test-databases.js). `API_ENTRY=src` runs them from the
 * sources instead (test/support/api-process.ts), with no build.
 */
'use strict';
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { prepareDatabases } = require('./test-databases');

const ROOT = join(__dirname, '..', '..');

/** `scripts/build-if-stale.js <app>`, its output on stderr. */
function buildIfStale(app) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/build-if-stale.js'), app], {
      cwd: ROOT,
      stdio: ['ignore', 2, 2],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The build of ${app} failed (exit ${code})`)),
    );
  });
}

module.exports = async () => {
  process.env.API_ENTRY ??= 'dist';
  const builds = process.env.API_ENTRY === 'dist' ? ['api', 'redirector'].map(buildIfStale) : [];
  await Promise.all([...builds, prepareDatabases()]);
};
