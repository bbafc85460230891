import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryQuotas } from '../testing/workspaceFakes.ts';
import { ReplaceQuotas } from './replaceQuotas.ts';

describe('ReplaceQuotas', () => {
  it('lets managers replace the quotas, each naming its ranks once and in order', async () => {
    const { access } = await connectedWorkspace();
    const quotas = new InMemoryQuotas();
    const sut = new ReplaceQuotas(access, quotas);
    const saved = await sut.execute(OWNER, GROUP, [
      { name: 'Attend', kind: 'sessions-attended', amount: 2, rankIds: [10, 1, 10] },
    ]);
    expect(saved).toEqual([{ id: 1, name: 'Attend', kind: 'sessions-attended', amount: 2, rankIds: [1, 10] }]);
  });

  it('refuses members who cannot manage the group and keeps the quotas', async () => {
    const { access } = await connectedWorkspace();
    const quotas = new InMemoryQuotas();
    const sut = new ReplaceQuotas(access, quotas);
    await expect(
      sut.execute(STAFF, GROUP, [{ name: 'x', kind: 'sessions-attended', amount: 1, rankIds: [] }]),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(quotas.rows).toEqual([]);
  });
});
