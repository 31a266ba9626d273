/**
 * What only tests name of the common library (not part of its door `@app/common`): the migration list (to check
 * the schema the migrations leave).
 */
export { MIGRATIONS } from '../database/migrations';
