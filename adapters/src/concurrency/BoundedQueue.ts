/**
 * Runs tasks in arrival order with at most `concurrency` at once. Gateway events arrive in bursts (a raid, a
 * guild importing 10,000 members) far faster than the database pool serves them; unbounded, every handler waits
 * for a connection at once and most fail on the pool's acquire timeout. Queued here, they wait their turn.
 */
export class BoundedQueue {
  readonly #concurrency: number;
  readonly #waiting: (() => Promise<void>)[] = [];
  #running = 0;

  constructor(concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    this.#concurrency = concurrency;
  }

  /** Queues the task; the promise settles with it. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => task().then(resolve, reject));
      this.#next();
    });
  }

  /** Tasks not yet started. */
  get pending(): number {
    return this.#waiting.length;
  }

  #next(): void {
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      const task = this.#waiting.shift()!;
      this.#running++;
      void task().finally(() => {
        this.#running--;
        this.#next();
      });
    }
  }
}
