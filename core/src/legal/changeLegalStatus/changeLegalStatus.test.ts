import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import {
  FixedClock,
  InMemoryStaffActivityLog,
  SpyTransaction,
  T0,
  makeStaffMember,
} from '../../staff/testing/fakes.ts';
import { makeLegalStores, seedOneOfEach } from '../testing/fakes.ts';
import { ChangeLegalStatus } from './changeLegalStatus.ts';

const support = makeStaffMember({ id: 3, username: 'sam', role: 'customer_support' });
const director = makeStaffMember({ id: 4, username: 'dana', role: 'director_legal_affairs_safety' });

const makeSut = async () => {
  const stores = makeLegalStores();
  await seedOneOfEach(stores);
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const sut = new ChangeLegalStatus(stores, activities, transaction, new FixedClock());
  return { sut, stores, activities, transaction };
};

describe('ChangeLegalStatus', () => {
  it('moves a case along an allowed step and records who did it', async () => {
    const { sut, stores, activities, transaction } = await makeSut();
    const updated = await sut.execute(support, { kind: 'cases', id: 1, status: 'review' });
    expect(updated).toMatchObject({ status: 'review' });
    expect(stores.cases.rows[0]?.status).toBe('review');
    expect(transaction.runs).toBe(1);
    expect(activities.entries).toMatchObject([
      {
        staffUserId: 3,
        type: 'legal.case_status_changed',
        description: 'sam moved legal case LC-2026-000001 from investigation to review',
      },
    ]);
  });

  it('refuses a move the rules do not list, and a move to the current status, writing nothing', async () => {
    const { sut, stores, activities } = await makeSut();
    await sut.execute(director, { kind: 'cases', id: 1, status: 'closed' });
    await expect(sut.execute(director, { kind: 'cases', id: 1, status: 'review' })).rejects.toEqual(
      new Conflict('LEGAL.INVALID_MOVE', 'A legal case cannot move from closed to review'),
    );
    await expect(sut.execute(director, { kind: 'cases', id: 1, status: 'closed' })).rejects.toBeInstanceOf(Conflict);
    expect(stores.cases.rows[0]?.status).toBe('closed');
    expect(activities.entries).toHaveLength(1);
  });

  it('leaves closing and publishing to leadership', async () => {
    const { sut, stores } = await makeSut();
    await expect(sut.execute(support, { kind: 'cases', id: 1, status: 'closed' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(support, { kind: 'compliance', id: 1, status: 'published' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(sut.execute(support, { kind: 'documents', id: 1, isActive: false })).rejects.toBeInstanceOf(Forbidden);
    expect(stores.cases.rows[0]?.status).toBe('investigation');
    expect(stores.documents.rows[0]?.isActive).toBe(true);
  });

  it('publishing a report sets publishedAt, and a published report stays published', async () => {
    const { sut } = await makeSut();
    expect(await sut.execute(director, { kind: 'compliance', id: 1, status: 'published' })).toMatchObject({
      status: 'published',
      publishedAt: T0,
    });
    await expect(sut.execute(director, { kind: 'compliance', id: 1, status: 'draft' })).rejects.toBeInstanceOf(
      Conflict,
    );
  });

  it('needs a description of the action before a violation moves to action_taken, and keeps it', async () => {
    const { sut, stores } = await makeSut();
    await expect(sut.execute(support, { kind: 'violations', id: 1, status: 'action_taken' })).rejects.toBeInstanceOf(
      Invalid,
    );
    const updated = await sut.execute(support, {
      kind: 'violations',
      id: 1,
      status: 'action_taken',
      actionTaken: 'Muted 7 days',
    });
    expect(updated).toMatchObject({ status: 'action_taken', actionTaken: 'Muted 7 days', reviewedBy: 3 });
    await sut.execute(support, { kind: 'violations', id: 1, status: 'resolved' });
    expect(stores.violations.rows[0]).toMatchObject({ status: 'resolved', actionTaken: 'Muted 7 days' });
  });

  it('switches a document off and on again', async () => {
    const { sut, activities } = await makeSut();
    expect(await sut.execute(director, { kind: 'documents', id: 1, isActive: false })).toMatchObject({
      isActive: false,
    });
    await expect(sut.execute(director, { kind: 'documents', id: 1, isActive: false })).rejects.toBeInstanceOf(Conflict);
    expect(await sut.execute(director, { kind: 'documents', id: 1, isActive: true })).toMatchObject({ isActive: true });
    expect(activities.entries.map((e) => e.type)).toEqual(['legal.document_deactivated', 'legal.document_activated']);
  });

  it('answers not found for an unknown record', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(director, { kind: 'cases', id: 99, status: 'review' })).rejects.toBeInstanceOf(NotFound);
  });

  it('loses a race cleanly: when the status changed after it was read, nothing is written', async () => {
    const { sut, stores, activities } = await makeSut();
    const original = stores.cases.findById.bind(stores.cases);
    // The first read sees the old status; meanwhile someone else moves the case on.
    stores.cases.findById = async (id) => {
      const record = await original(id);
      if (stores.cases.rows[0]) stores.cases.rows[0].status = 'resolved';
      return record;
    };
    await expect(sut.execute(support, { kind: 'cases', id: 1, status: 'review' })).rejects.toBeInstanceOf(Conflict);
    expect(stores.cases.rows[0]?.status).toBe('resolved');
    expect(activities.entries).toHaveLength(0);
  });
});
