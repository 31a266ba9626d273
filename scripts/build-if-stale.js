/**
 * `npm start`'s first step: builds the api with `nest build api` only when the build is missing or older than
 * a source file (apps/, libs/, the tsconfig files, nest-cli.json, package-lock.json). A current build starts at
 * once. Usage: `node scripts/build-if-stale.js <app>` (api or redirector).
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const app = process.argv[2] || 'api';
const output = path.join(root, 'dist', 'apps', app, 'apps', app, 'src', 'main.js');
const SOURCES = ['apps', 'libs', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'];

/** The newest modification time under `file` (0 when it does not exist). */
function newest(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

const built = newest(output);
const sources = Math.max(...SOURCES.map((name) => newest(path.join(root, name))));
if (built > 0 && built >= sources) process.exit(0);
process.stderr.write(built === 0 ? `No build of ${app} yet: building it.\n` : `Sources changed: rebuilding ${app}.\n`);
const nest = path.join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
const result = spawnSync(process.execPath, [nest, 'build', app], { cwd: root, stdio: ['ignore', 2, 2] });
process.exit(result.status ?? 1);
