import { describe, expect, it } from 'vitest';
import { T0 } from '../../staff/testing/fakes.ts';
import { InMemoryCannedResponses } from '../testing/deskFakes.ts';
import { AGENT } from '../testing/fakes.ts';
import { DeleteCannedResponse } from './deleteCannedResponse.ts';

describe('DeleteCannedResponse', () => {
  it('deletes a response, and answers 404 for one that is gone', async () => {
    const responses = new InMemoryCannedResponses();
    const hi = (await responses.create({ shortCode: 'hi', title: 'Hi', body: 'Hello' }, T0)) as { id: number };
    const sut = new DeleteCannedResponse(responses);
    await sut.execute(AGENT, hi.id);
    expect(await responses.list()).toEqual([]);
    await expect(sut.execute(AGENT, hi.id)).rejects.toMatchObject({ code: 'SUPPORT.CANNED_RESPONSE_NOT_FOUND' });
  });
});
