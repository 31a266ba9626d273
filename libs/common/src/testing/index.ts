/**
 * What only tests name of the common library (not part of its door `@app/common`): one settings namespace loaded
 * alone, the problems a bad environment gets, one generated secret ensured alone, and a listener wired as Nest
 * wires it.
 */
export { configProblems, loadNamespace } from '../config/config-namespace';
export { ensureSecret } from '../config/secret-file';
export { listenerModuleEachTest } from './listener-module';
