import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, STAFF } from '../testing/workspace.ts';
import { InMemoryQuotas } from '../testing/workspaceFakes.ts';
import { ListQuotas } from './listQuotas.ts';

describe('ListQuotas', () => {
  it('shows the quotas to members with workspace access, and to no one else', async () => {
    const { access } = await connectedWorkspace();
    const quotas = new InMemoryQuotas();
    quotas.rows = [{ id: 1, name: 'Weekly minutes', kind: 'minutes-in-game', amount: 120, rankIds: [10] }];
    const sut = new ListQuotas(access, quotas);
    expect(await sut.execute(STAFF, GROUP)).toEqual(quotas.rows);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
