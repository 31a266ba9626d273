import { Initial1795384643355 } from './1795384643355-Initial';

/** Every migration, in order. A new migration is generated into this folder and added here. */
export const MIGRATIONS: Function[] = [Initial1795384643355];
