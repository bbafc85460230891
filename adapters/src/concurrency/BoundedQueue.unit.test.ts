import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './BoundedQueue.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedQueue', () => {
  it('never runs more than its concurrency at once, and starts tasks in arrival order', async () => {
    const queue = new BoundedQueue(3);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        queue.run(async () => {
          started.push(index);
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return index * 2;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index * 2));
  });

  it('a failing task rejects its own promise and frees its slot', async () => {
    const queue = new BoundedQueue(1);
    const failed = queue.run(() => Promise.reject(new Error('boom')));
    const after = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(after).resolves.toBe('next');
    expect(queue.pending).toBe(0);
  });

  it('refuses a concurrency below one', () => {
    expect(() => new BoundedQueue(0)).toThrow(RangeError);
  });
});
