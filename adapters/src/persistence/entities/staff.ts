import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

export const StaffUser = defineEntity({
  name: 'StaffUser',
  tableName: 'staff_users',
  properties: {
    id: col.id(),
    username: col.name().unique(),
    email: col.email().unique(),
    passwordHash: p.string().length(255).hidden(),
    role: col.role().default('customer_support'),
    isActive: p.boolean().default(true),
    lastLogin: p.datetime().nullable(),
    clockedIn: p.boolean().default(false),
    clockInTime: p.datetime().nullable(),
    clockOutTime: p.datetime().nullable(),
    totalHoursWorked: p.integer().default(0),
    mustChangePassword: p.boolean().default(false),
    suspendedUntil: p.datetime().nullable(),
    createdAt: col.createdAt(),
    mfaEnabled: p.boolean().default(false),
    /** TOTP secrets, sealed with AES-GCM under a key derived from SESSION_SECRET; never sent after setup. */
    mfaSecret: p.text().nullable().hidden(),
    mfaPendingSecret: p.text().nullable().hidden(),
    /** The last TOTP time step accepted, so a code is accepted once. */
    mfaLastStep: p.bigint('number').nullable().hidden(),
    /** Device cookies name the generation they were issued under; a reset bumps it to disown them. */
    deviceGeneration: p.integer().default(0),
  },
});
export type StaffUserRecord = InferEntity<typeof StaffUser>;

/** Unspent recovery codes, by HMAC-SHA-256 (older rows: plain SHA-256) only; spending one deletes its row. */
export const StaffMfaRecoveryCode = defineEntity({
  name: 'StaffMfaRecoveryCode',
  tableName: 'staff_mfa_recovery_codes',
  properties: {
    id: col.id(),
    staffUser: () => p.manyToOne(StaffUser).deleteRule('cascade').index(),
    codeHash: p.string().length(64),
  },
});

/** The ticket between a right password and the code step (mfaToken), by SHA-256; spent on use. */
export const StaffMfaChallenge = defineEntity({
  name: 'StaffMfaChallenge',
  tableName: 'staff_mfa_challenges',
  properties: {
    id: col.id(),
    staffUser: () => p.manyToOne(StaffUser).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime().index(),
    /** Codes tried with this ticket; the code step spends it after STAFF_MFA_CODE_ATTEMPTS. */
    attempts: p.integer().default(0),
  },
});

/** A staff login: only the token's SHA-256 is kept, so the table hands out no working tokens. */
export const StaffSession = defineEntity({
  name: 'StaffSession',
  tableName: 'staff_sessions',
  properties: {
    id: col.id(),
    staffUserId: p.integer().index(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime().index(),
    createdAt: col.createdAt(),
  },
});
export type StaffSessionRecord = InferEntity<typeof StaffSession>;

/** HR history keeps names and emails as written at the time, so it survives the staff member's deletion. */
export const HrAction = defineEntity({
  name: 'HrAction',
  tableName: 'hr_actions',
  properties: {
    id: col.id(),
    actionType: col.type(),
    targetStaffId: p.integer().index(),
    targetStaffEmail: col.email(),
    targetStaffUsername: col.name(),
    performedByStaffId: p.integer(),
    performedByEmail: col.email(),
    performedByUsername: col.name(),
    reason: col.text(),
    newRole: col.role().nullable(),
    suspensionDays: p.integer().nullable(),
    status: col.status().default('completed'),
    createdAt: col.createdAt(),
  },
});
export type HrActionRecord = InferEntity<typeof HrAction>;

export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: col.id(),
    userId: p.integer().nullable().index(),
    staffUserId: p.integer().nullable().index(),
    title: col.title(),
    message: col.text(),
    type: col.type().default('info'),
    priority: col.priority().default('normal'),
    isRead: p.boolean().default(false),
    isGlobal: p.boolean().default(false),
    createdBy: col.name().nullable(),
    createdAt: col.createdAt(),
    expiresAt: p.datetime().nullable(),
    /**
     * What the notice is about (a session's start, a quota week): one notice per customer and key, so a job that runs
     * twice (a retry, a second process) tells nobody twice.
     */
    dedupeKey: col.name().nullable(),
  },
  uniques: [{ properties: ['userId', 'dedupeKey'] }],
});
export type NotificationRecord = InferEntity<typeof Notification>;

export const Announcement = defineEntity({
  name: 'Announcement',
  tableName: 'announcements',
  properties: {
    id: col.id(),
    title: col.title(),
    message: col.text(),
    type: col.type().default('general'),
    isActive: p.boolean().default(true),
    priority: col.priority().default('normal'),
    targetAudience: col.type().default('all'),
    createdBy: col.name(),
    createdAt: col.createdAt(),
    expiresAt: p.datetime().nullable(),
  },
});
export type AnnouncementRecord = InferEntity<typeof Announcement>;
