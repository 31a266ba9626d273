/**
 * What only tests name of the common library (not part of its door `@app/common`): one settings namespace loaded
 * alone and the credentials secret helper.
 */
export { loadNamespace } from '../config/config-namespace';
export { ensureCredentialsSecret } from '../config/secret-file';
