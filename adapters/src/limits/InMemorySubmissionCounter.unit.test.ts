import { describe, expect, it } from 'vitest';
import { InMemorySubmissionCounter } from './InMemorySubmissionCounter.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
const WINDOW = 10 * 60_000;

describe('InMemorySubmissionCounter', () => {
  it('counts hits per address inside the window', async () => {
    const counter = new InMemorySubmissionCounter();
    expect(await counter.hit('a', at(0), WINDOW)).toBe(1);
    expect(await counter.hit('a', at(1), WINDOW)).toBe(2);
    expect(await counter.hit('b', at(2), WINDOW)).toBe(1);
  });

  it('forgets hits once they leave the window', async () => {
    const counter = new InMemorySubmissionCounter();
    await counter.hit('a', at(0), WINDOW);
    await counter.hit('a', at(5), WINDOW);
    expect(await counter.hit('a', at(10), WINDOW)).toBe(2);
    expect(await counter.hit('a', at(30), WINDOW)).toBe(1);
  });
});
