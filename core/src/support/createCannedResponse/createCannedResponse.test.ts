import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden } from '../../shared/errors.ts';
import { FixedClock, T0 } from '../../staff/testing/fakes.ts';
import { InMemoryCannedResponses } from '../testing/deskFakes.ts';
import { AGENT } from '../testing/fakes.ts';
import { CreateCannedResponse } from './createCannedResponse.ts';

const REFUND = { shortCode: 'refund', title: 'Refund', body: 'Your refund is on its way, {{customer.name}}.' };

describe('CreateCannedResponse', () => {
  it('keeps a new response with its times', async () => {
    const responses = new InMemoryCannedResponses();
    const created = await new CreateCannedResponse(responses, new FixedClock()).execute(AGENT, REFUND);
    expect(created).toMatchObject({ ...REFUND, createdAt: T0, updatedAt: T0 });
    expect(await responses.list()).toEqual([created]);
  });

  it('refuses a short code another response has (409), keeping the first', async () => {
    const responses = new InMemoryCannedResponses();
    const sut = new CreateCannedResponse(responses, new FixedClock());
    await sut.execute(AGENT, REFUND);
    await expect(sut.execute(AGENT, { ...REFUND, title: 'Other' })).rejects.toMatchObject({
      code: 'SUPPORT.SHORT_CODE_TAKEN',
    });
    await expect(sut.execute(AGENT, REFUND)).rejects.toBeInstanceOf(Conflict);
    expect((await responses.list()).map((r) => r.title)).toEqual(['Refund']);
  });

  it('is for members who answer tickets only', async () => {
    const responses = new InMemoryCannedResponses();
    const hr = { id: 9, username: 'hr', role: 'human_resources_director' } as const;
    await expect(new CreateCannedResponse(responses, new FixedClock()).execute(hr, REFUND)).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect(await responses.list()).toEqual([]);
  });
});
