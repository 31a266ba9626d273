#!/usr/bin/env node
/**
 * The npm registry this project is built from does not serve every platform's optional binary package
 * (e.g. @unrs/resolver-binding-darwin-arm64 answers 404), so `npm install` leaves them out of
 * package-lock.json while still listing them as optional dependencies, and `npm ci` then refuses the lock
 * as "out of sync". This drops, from each locked package's optionalDependencies, the names the lock does
 * not hold. Run it after any `npm install` that changes the lock: `node scripts/prune-lock-optional.js`.
 */
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const locked = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, '')));
let pruned = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!locked.has(name)) {
      delete entry.optionalDependencies[name];
      pruned++;
    }
  }
}
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`pruned ${pruned} optional dependencies the registry does not serve`);
