import { describe, expect, it } from 'vitest';
import { makeLegalStores } from '../testing/fakes.ts';
import { ListLegalRecords } from './listLegalRecords.ts';

const makeSut = async (count: number) => {
  const stores = makeLegalStores();
  for (let i = 1; i <= count; i += 1) {
    await stores.documents.add({
      title: `Doc ${i}`,
      documentType: 'policy',
      version: '1',
      content: 'x',
      isActive: true,
      createdBy: 1,
    });
  }
  return { sut: new ListLegalRecords(stores, { defaultLimit: 2, maxLimit: 3 }) };
};

describe('ListLegalRecords', () => {
  it('lists newest first, the default limit per page, with a cursor to the next page', async () => {
    const { sut } = await makeSut(5);
    const first = await sut.execute('documents');
    expect(first.items.map((d) => d.title)).toEqual(['Doc 5', 'Doc 4']);
    expect(first.nextCursor).toEqual({ id: 4 });
    const second = await sut.execute('documents', { before: { id: 4 } });
    expect(second.items.map((d) => d.title)).toEqual(['Doc 3', 'Doc 2']);
  });

  it('has no cursor on the last page', async () => {
    const { sut } = await makeSut(3);
    expect(await sut.execute('documents', { limit: 3 })).toMatchObject({ nextCursor: null });
    expect((await sut.execute('documents', { before: { id: 2 } })).nextCursor).toBeNull();
  });

  it('clamps the limit to the maximum', async () => {
    const { sut } = await makeSut(5);
    expect((await sut.execute('documents', { limit: 1000 })).items).toHaveLength(3);
  });
});
