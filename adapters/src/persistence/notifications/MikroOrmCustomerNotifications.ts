import type {
  CustomerNotification,
  CustomerNotifications,
  NewCustomerNotification,
  NotificationKind,
} from '@groupflow/core';
import type { Orm } from '../database.ts';
import { Notification } from '../entities/staff.ts';

/** The customer rows of the `notifications` table (userId set, staffUserId null). */
export class MikroOrmCustomerNotifications implements CustomerNotifications {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async notify(customerId: number, notification: NewCustomerNotification) {
    // A notice already given for its key is left alone (unique user_id, dedupe_key; null keys never collide).
    await this.#orm.em
      .fork()
      .createQueryBuilder(Notification)
      .insert({
        userId: customerId,
        title: notification.title,
        message: notification.message,
        type: notification.kind,
        createdBy: 'GroupFlow',
        dedupeKey: notification.dedupeKey ?? null,
      })
      .onConflict(['userId', 'dedupeKey'])
      .ignore()
      .execute();
  }

  async list(customerId: number, limit: number): Promise<CustomerNotification[]> {
    const rows = await this.#orm.em.find(
      Notification,
      { userId: customerId, staffUserId: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }] },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.type as NotificationKind,
      title: row.title,
      message: row.message,
      isRead: row.isRead,
      createdAt: row.createdAt,
    }));
  }

  async markRead(customerId: number, ids: number[]) {
    if (ids.length === 0) return;
    await this.#orm.em.nativeUpdate(Notification, { id: { $in: ids }, userId: customerId }, { isRead: true });
  }
}
