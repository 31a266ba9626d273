/**
 * A minimal TypeScript loader for running the sources as separate processes (benchmarks, multi-process and
 * fault tests): each .ts and .tsx file (the views) is transpiled on require with the project's compiler options, no type check.
 * Unlike `ts-node/register`, it loads neither the REPL (which loads `node:domain`, slowing every
 * EventEmitter.emit in the process) nor a source-map shim, so a process runs as the build would.
 * Use with tsconfig-paths: `node -r ./scripts/ts-register.js -r tsconfig-paths/register file.ts`.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const configPath = path.join(__dirname, '..', 'tsconfig.json');
const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, path.dirname(configPath));
const compilerOptions = { ...options, sourceMap: false, inlineSourceMap: false, declaration: false, noEmit: false };

function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
}
require.extensions['.ts'] = compileTypeScript;
require.extensions['.tsx'] = compileTypeScript;
