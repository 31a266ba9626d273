/**
 * What only tests name of the common library (not part of its door `@app/common`): the migration list (to check
 * the schema the migrations leave), one settings namespace loaded alone, and the credentials secret helper.
 */
export { MIGRATIONS } from '../database/migrations';
export { loadNamespace } from '../config/config-namespace';
export { ensureCredentialsSecret } from '../config/secret-file';
