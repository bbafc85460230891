import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { DEFAULT_SLA_POLICIES } from '../sla.ts';
import { AGENT } from '../testing/fakes.ts';
import { InMemorySlaPolicies } from '../testing/slaFakes.ts';
import { ReadSlaPolicies } from './readSlaPolicies.ts';

describe('ReadSlaPolicies', () => {
  it('answers the defaults until the desk sets its own, to ticket readers only', async () => {
    const sut = new ReadSlaPolicies(new InMemorySlaPolicies());
    expect((await sut.execute(AGENT)).policies).toEqual(DEFAULT_SLA_POLICIES);
    await expect(sut.execute({ id: 9, username: 'm', role: 'marketing_director' })).rejects.toBeInstanceOf(Forbidden);
  });
});
