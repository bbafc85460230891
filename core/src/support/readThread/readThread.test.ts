import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { AGENT, makeThreadWorld, NON_READERS } from '../testing/fakes.ts';
import { ReadThread } from './readThread.ts';

const makeSut = async () => {
  const { tickets, messages } = await makeThreadWorld();
  return { staffSut: new ReadThread(tickets, messages) };
};

describe('ReadThread', () => {
  it('gives staff the messages with the staff id', async () => {
    const { staffSut } = await makeSut();
    expect(await staffSut.execute(AGENT, 1)).toEqual([expect.objectContaining({ staffUserId: 3, message: 'Hello' })]);
    await expect(staffSut.execute(AGENT, 2)).rejects.toBeInstanceOf(NotFound);
  });

  it.each(NON_READERS)("refuses $role a ticket's thread (issue 33)", async (actor) => {
    const { staffSut } = await makeSut();
    await expect(staffSut.execute(actor, 1)).rejects.toMatchObject({
      kind: 'Forbidden',
      code: 'SUPPORT.READ_FORBIDDEN',
    });
  });
});
