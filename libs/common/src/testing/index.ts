/**
 * What only tests name of the common library (not part of its door `@app/common`): one settings namespace loaded
 * alone, the credentials secret helper, and a listener wired as Nest wires it.
 */
export { loadNamespace } from '../config/config-namespace';
export { ensureCredentialsSecret } from '../config/secret-file';
export { startListenerModule } from './listener-module';
