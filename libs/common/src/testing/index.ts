/**
 * What only tests name of the common library (not part of its door `@app/common`): one settings namespace loaded
 * alone, one generated secret ensured alone, and a listener wired as Nest wires it.
 */
export { loadNamespace } from '../config/config-namespace';
export { ensureSecret } from '../config/secret-file';
export { startListenerModule } from './listener-module';
