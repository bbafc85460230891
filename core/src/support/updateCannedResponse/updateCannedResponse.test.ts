import { describe, expect, it } from 'vitest';
import { FixedClock, T0 } from '../../staff/testing/fakes.ts';
import { InMemoryCannedResponses } from '../testing/deskFakes.ts';
import { AGENT } from '../testing/fakes.ts';
import { UpdateCannedResponse } from './updateCannedResponse.ts';

const LATER = new Date(T0.getTime() + 60_000);

describe('UpdateCannedResponse', () => {
  it('replaces the text and keeps its own short code free for itself', async () => {
    const responses = new InMemoryCannedResponses();
    const first = await responses.create({ shortCode: 'hi', title: 'Hi', body: 'Hello' }, T0);
    const id = (first as { id: number }).id;
    const updated = await new UpdateCannedResponse(responses, new FixedClock(LATER)).execute(AGENT, id, {
      shortCode: 'hi',
      title: 'Greeting',
      body: 'Hello {{customer.name}}',
    });
    expect(updated).toMatchObject({ id, title: 'Greeting', createdAt: T0, updatedAt: LATER });
  });

  it('answers 404 for an unknown response and 409 for a code another has, changing nothing', async () => {
    const responses = new InMemoryCannedResponses();
    await responses.create({ shortCode: 'hi', title: 'Hi', body: 'Hello' }, T0);
    const bye = (await responses.create({ shortCode: 'bye', title: 'Bye', body: 'Bye' }, T0)) as { id: number };
    const sut = new UpdateCannedResponse(responses, new FixedClock(LATER));
    await expect(sut.execute(AGENT, 99, { shortCode: 'x', title: 'x', body: 'x' })).rejects.toMatchObject({
      code: 'SUPPORT.CANNED_RESPONSE_NOT_FOUND',
    });
    await expect(sut.execute(AGENT, bye.id, { shortCode: 'hi', title: 'Bye', body: 'Bye' })).rejects.toMatchObject({
      code: 'SUPPORT.SHORT_CODE_TAKEN',
    });
    expect((await responses.list()).map((r) => r.shortCode)).toEqual(['bye', 'hi']);
  });
});
