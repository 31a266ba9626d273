/**
 * What only tests name of the common library (not part of its door `@app/common`): one settings namespace loaded
 * alone, the problems a bad environment gets, one generated secret ensured alone, a listener wired as Nest wires
 * it, and a function's table of cases.
 */
export { configProblems, loadNamespace } from '../config/config-namespace';
export { ensureSecret } from '../config/secret-file';
export { listenerModuleEachTest } from './listener-module';
export { itReturnsEach } from './returns-each';
