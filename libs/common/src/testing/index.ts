/**
 * What only tests name of the common library (not part of its door `@app/common`): one settings namespace loaded
 * alone and one generated secret ensured alone.
 */
export { loadNamespace } from '../config/config-namespace';
export { ensureSecret } from '../config/secret-file';
