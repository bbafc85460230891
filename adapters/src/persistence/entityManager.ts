import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from './database.ts';

/**
 * The request's (or transaction's) entity manager when there is one, otherwise a fresh fork: adapters used by
 * the bot run outside any HTTP request, where the global context is refused (`allowGlobalContext: false`).
 */
export function entityManager(orm: Orm): EntityManager {
  const current = orm.em.getContext(false);
  return current.global ? orm.em.fork() : current;
}
