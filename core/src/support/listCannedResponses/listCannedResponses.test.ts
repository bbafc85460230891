import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { T0 } from '../../staff/testing/fakes.ts';
import { InMemoryCannedResponses } from '../testing/deskFakes.ts';
import { AGENT } from '../testing/fakes.ts';
import { ListCannedResponses } from './listCannedResponses.ts';

describe('ListCannedResponses', () => {
  it('lists every response by short code for a member who answers tickets, and nobody else', async () => {
    const responses = new InMemoryCannedResponses();
    await responses.create({ shortCode: 'refund', title: 'Refund', body: 'On its way' }, T0);
    await responses.create({ shortCode: 'hi', title: 'Hi', body: 'Hello' }, T0);
    const sut = new ListCannedResponses(responses);
    expect((await sut.execute(AGENT)).map((r) => r.shortCode)).toEqual(['hi', 'refund']);
    await expect(sut.execute({ id: 9, username: 'hr', role: 'human_resources_director' })).rejects.toBeInstanceOf(
      Forbidden,
    );
  });
});
