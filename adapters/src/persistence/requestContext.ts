import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager } from '@mikro-orm/core';

/**
 * One unit of work (a request, a job, a command) gets its own entity manager, forked from the global one only when
 * the work first touches the database: a read answered from the caches (most signed-in reads) never pays for a
 * fork (issue 37). Nested units each get their own.
 */
class LazyFork {
  readonly #root: EntityManager;
  #em: EntityManager | undefined;
  #forking = false;

  constructor(root: EntityManager) {
    this.#root = root;
  }

  /** Undefined only while the fork is being made: the new manager's constructor asks for its context too. */
  get em(): EntityManager | undefined {
    if (this.#em === undefined && !this.#forking) {
      this.#forking = true;
      try {
        // Forked from the global manager itself: resolving the context would ask this unit again.
        this.#em = this.#root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.#forking = false;
      }
    }
    return this.#em;
  }
}

const units = new AsyncLocalStorage<LazyFork>();

/** Runs work in a unit of its own; the ORM's `context` option (ormConfig) resolves `orm.em` to its fork. */
export function inUnitOfWork<T>(root: EntityManager, work: () => T): T {
  return units.run(new LazyFork(root), work);
}

/** The ORM's `context` option: the current unit's fork, or MikroORM's own request context when one was entered. */
export function currentEntityManager(name: string): EntityManager | undefined {
  return units.getStore()?.em ?? RequestContext.getEntityManager(name);
}
