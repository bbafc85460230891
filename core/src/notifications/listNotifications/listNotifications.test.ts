import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryNotifications } from '../../roblox/testing/fakes.ts';
import { ListNotifications } from './listNotifications.ts';

const note = { kind: 'time-off-decided', title: 'Time off approved', message: 'x' } as const;

describe('ListNotifications', () => {
  it("lists only the signed-in customer's own notifications, up to the limit", async () => {
    const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1 })).add(makeCustomer({ id: 2 }));
    const notifications = new InMemoryNotifications();
    await notifications.notify(1, note);
    await notifications.notify(1, note);
    const sut = new ListNotifications(customers, notifications, 1);
    expect(await sut.execute(1)).toHaveLength(1);
    await notifications.notify(2, { ...note, title: 'Theirs' });
    expect((await new ListNotifications(customers, notifications, 10).execute(1)).map((row) => row.title)).toEqual([
      note.title,
      note.title,
    ]);
    await expect(sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
