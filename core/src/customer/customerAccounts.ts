import { Invalid, NotFound } from '../shared/errors.ts';
import type { StaffMember } from '../staff/ports.ts';

/** A customer's role (spec 3, users.role; default user). `admin` is mirrored in users.isAdmin. */
export const CUSTOMER_ROLES = ['user', 'admin'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

export function isCustomerRole(value: unknown): value is CustomerRole {
  return typeof value === 'string' && (CUSTOMER_ROLES as readonly string[]).includes(value);
}

/** A customer account as staff see it: identity, role and the ban fields of spec 3 (users). */
export interface CustomerAccount {
  id: number;
  username: string;
  email: string | null;
  discordId: string | null;
  robloxId: string | null;
  robloxUsername: string | null;
  /** As stored; a value other than CUSTOMER_ROLES is shown, and can be changed to one of them. */
  role: string;
  isAdmin: boolean;
  isBanned: boolean;
  bannedReason: string | null;
  /** The staff username that banned the account (spec 3 keeps a name, not an id, so it outlives the member). */
  bannedBy: string | null;
  bannedAt: Date | null;
  createdAt: Date;
}

export interface CustomerBan {
  reason: string;
  bannedBy: string;
  bannedAt: Date;
}

/** Customer accounts for the staff use cases. */
export interface CustomerAccounts {
  find(id: number): Promise<CustomerAccount | null>;
  /** Accounts whose id, username, email, Discord id or Roblox name matches `text` (all when null), newest first. */
  search(text: string | null, limit: number): Promise<CustomerAccount[]>;
  /** False when the account was banned already (a concurrent ban won): the first ban's fields stay. */
  ban(id: number, ban: CustomerBan): Promise<boolean>;
  /** Clears every ban field; false when the account was not banned. */
  unban(id: number): Promise<boolean>;
  setRole(id: number, role: CustomerRole): Promise<void>;
}

/** Every signed-in session of a customer, on every API process. */
export interface CustomerSessionEnder {
  /** Ends them all and answers how many there were. */
  endAllFor(customerId: number): Promise<number>;
}

/** The open tabs of a customer, on every API process (their event streams). */
export interface CustomerTabs {
  /** Tells each open tab of the customer that it was signed out, and why; a tab not open at that moment hears nothing. */
  signOut(customerId: number, reason: string): Promise<void>;
}

/** Where a ban was decided: a support ticket or a policy violation of the legal area. */
export type BanSourceKind = 'ticket' | 'policy_violation';
export interface BanSource {
  kind: BanSourceKind;
  id: number;
}

export const BAN_SOURCE_LABELS: Readonly<Record<BanSourceKind, string>> = {
  ticket: 'ticket',
  policy_violation: 'policy violation',
};

/** The tickets and policy violations a ban may name: a ban names only a record that exists. */
export interface BanSources {
  exists(source: BanSource): Promise<boolean>;
  /**
   * Records on the source what was done about it (issue 36): a policy violation gets the action and the reviewer,
   * and leaves Pending; a ticket keeps its own state.
   */
  recordAction(source: BanSource, action: string, staffId: number): Promise<void>;
}

export async function requireCustomerAccount(accounts: CustomerAccounts, id: number): Promise<CustomerAccount> {
  const account = await accounts.find(id);
  if (account === null) throw new NotFound('CUSTOMERS.NOT_FOUND', 'Customer not found');
  return account;
}

/** The reason of a ban or an unban, trimmed; blank is refused with the spec's message for it. */
export function requiredReason(reason: string, message: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new Invalid('REQUEST.INVALID', message, [{ path: ['reason'], message }]);
  return trimmed;
}

/** "alice (#12)": how activity lines name a customer, the id telling apart two of one name. */
export const describeCustomer = (account: Pick<CustomerAccount, 'id' | 'username'>) =>
  `${account.username} (#${account.id})`;

export type StaffActor = Pick<StaffMember, 'id' | 'username' | 'role'>;
