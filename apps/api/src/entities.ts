import { Credential } from '@app/credentials';
import { Member } from '@app/members';

/** Every TypeORM entity of the service, for the app's DataSource and the migration CLI. */
export const ENTITIES = [Member, Credential];
