/** What a customer is told about in their workspace (the Notifications button). */
export const NOTIFICATION_KINDS = [
  'time-off-requested',
  'time-off-decided',
  'session-reminder',
  'application-received',
  'quota-behind',
  'rank-changed',
  'automation-changed',
  'promotion-rule-suspended',
  'open-cloud-key',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface CustomerNotificationContent {
  kind: NotificationKind;
  title: string;
  message: string;
}

export interface NewCustomerNotification extends CustomerNotificationContent {
  /**
   * What the notice is about (a session's start, a quota week): a customer gets one notice per key, however often
   * a job runs; without a key every call notifies.
   */
  dedupeKey?: string;
}

export interface CustomerNotification extends CustomerNotificationContent {
  id: number;
  isRead: boolean;
  createdAt: Date;
}

/** The customer's notifications (the `notifications` table's customer rows). */
export interface CustomerNotifications {
  notify(customerId: number, notification: NewCustomerNotification): Promise<void>;
  /** Newest first. */
  list(customerId: number, limit: number): Promise<CustomerNotification[]>;
  /** Marks the customer's own notifications read; others' ids change nothing. */
  markRead(customerId: number, ids: number[]): Promise<void>;
}
