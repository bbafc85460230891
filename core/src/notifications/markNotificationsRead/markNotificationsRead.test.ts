import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryNotifications } from '../../roblox/testing/fakes.ts';
import { MarkNotificationsRead } from './markNotificationsRead.ts';

const note = { kind: 'time-off-decided', title: 'Time off approved', message: 'x' } as const;

describe('MarkNotificationsRead', () => {
  it("marks only the customer's own notifications read and answers their list", async () => {
    const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1 })).add(makeCustomer({ id: 2 }));
    const notifications = new InMemoryNotifications();
    await notifications.notify(1, note);
    await notifications.notify(2, note);
    const [mine, theirs] = notifications.rows;
    const sut = new MarkNotificationsRead(customers, notifications, 10);
    const listed = await sut.execute(1, [mine!.id, theirs!.id]);
    expect(listed).toMatchObject([{ id: mine!.id, isRead: true }]);
    expect((await notifications.list(2, 10))[0]).toMatchObject({ id: theirs!.id, isRead: false });
    await expect(sut.execute(undefined, [mine!.id])).rejects.toBeInstanceOf(Unauthenticated);
  });
});
