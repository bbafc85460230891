import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { AGENT, OWNER } from '../testing/fakes.ts';
import { InMemorySlaPolicies } from '../testing/slaFakes.ts';
import { ReadSlaPolicies } from '../readSlaPolicies/readSlaPolicies.ts';
import { ReplaceSlaPolicies } from './replaceSlaPolicies.ts';

const POLICIES = [
  { priority: 'low' as const, firstResponseMinutes: 600, resolutionHours: 96 },
  { priority: 'medium' as const, firstResponseMinutes: 240, resolutionHours: 48 },
  { priority: 'high' as const, firstResponseMinutes: 60, resolutionHours: 12 },
  { priority: 'urgent' as const, firstResponseMinutes: 15, resolutionHours: 4 },
];
const DIRECTOR = { id: 5, username: 'dana', role: 'customer_support_director' } as const;

describe('ReplaceSlaPolicies and ReadSlaPolicies', () => {
  it('lets a director or the owner set the targets every reader then sees', async () => {
    const store = new InMemorySlaPolicies();
    const read = new ReadSlaPolicies(store);
    expect((await read.execute(AGENT)).policies.map((p) => p.priority)).toEqual(['low', 'medium', 'high', 'urgent']);
    await new ReplaceSlaPolicies(store).execute(DIRECTOR, POLICIES);
    expect(await read.execute(AGENT)).toEqual({ policies: POLICIES });
    await new ReplaceSlaPolicies(store).execute(OWNER, POLICIES);
  });

  it('refuses an agent (403) and keeps the targets', async () => {
    const store = new InMemorySlaPolicies();
    await expect(new ReplaceSlaPolicies(store).execute(AGENT, POLICIES)).rejects.toBeInstanceOf(Forbidden);
    await expect(new ReplaceSlaPolicies(store).execute(AGENT, POLICIES)).rejects.toMatchObject({
      code: 'SUPPORT.SLA_FORBIDDEN',
    });
    expect(store.policies).toEqual([]);
  });
});
