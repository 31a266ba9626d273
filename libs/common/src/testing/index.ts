/**
 * What only tests name of the common library (not part of its door `@app/common`): the migration list (to check
 * the schema the migrations leave), one settings namespace loaded alone, the credentials secret helper, and the
 * publish/subscribe transports (tested one by one).
 */
export { MIGRATIONS } from '../database/migrations';
export { loadNamespace } from '../config/config-namespace';
export { ensureCredentialsSecret } from '../config/secret-file';
export { InProcessPubSub } from '../pubsub/in-process-pubsub';
export { PostgresPubSub, postgresChannelOf } from '../pubsub/postgres-pubsub';
export { RedisPubSub } from '../pubsub/redis-pubsub';
