import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { text } from './text.ts';
import { isoDateTime } from './wire.ts';

export { CUSTOMER_ROLES, type CustomerRole } from '../customer/customerAccounts.ts';

const userId = z.number({ message: 'userId must be a number' }).int().positive();

/**
 * A ban as spec 3 section 5 states it: a numeric userId, a reason and the banning admin's name, each required. The
 * server fills `bannedBy` with the signed-in member's username; a client never names who banned.
 */
export const customerBanSchema = z.object({
  userId,
  reason: text().trim().min(1, { message: 'Ban reason is required' }).max(LIMITS.reason),
  bannedBy: text().trim().min(1, { message: 'Admin username is required' }).max(LIMITS.name),
});

export const BAN_SOURCE_KINDS = ['ticket', 'policy_violation'] as const;

/** POST /api/staff/customers/ban and the Ban dialog: the spec's ban without bannedBy, and where it was decided. */
export const banCustomerSchema = customerBanSchema.omit({ bannedBy: true }).extend({
  source: z.object({ kind: z.enum(BAN_SOURCE_KINDS), id: z.number().int().positive() }).optional(),
});
export type BanCustomerInput = z.infer<typeof banCustomerSchema>;

/** POST /api/staff/customers/unban and the Unban dialog. */
export const unbanCustomerSchema = z.object({
  userId,
  reason: text().trim().min(1, { message: 'Reason is required' }).max(LIMITS.reason),
});
export type UnbanCustomerInput = z.infer<typeof unbanCustomerSchema>;

/** POST /api/staff/customers/role (spec 3 section 5: a numeric userId and a role string, at most 100 characters). */
export const customerRoleChangeSchema = z.object({
  userId,
  role: text().trim().min(1, { message: 'Role is required' }).max(LIMITS.role),
});
export type CustomerRoleChangeInput = z.infer<typeof customerRoleChangeSchema>;

export const customerAccountsQuerySchema = z.object({ search: text().max(LIMITS.name).optional() });

/** The fewest characters a customer search answers: one letter matches too many names to be a choice. */
export const CUSTOMER_SEARCH_MIN_LENGTH = 2;

export const customerSearchQuerySchema = z.object({
  q: text({ message: 'Type a name to search' })
    .trim()
    .min(CUSTOMER_SEARCH_MIN_LENGTH, { message: `Type at least ${CUSTOMER_SEARCH_MIN_LENGTH} characters` })
    .max(LIMITS.name, { message: `A name is at most ${LIMITS.name} characters` }),
});

/** One customer search result: enough to tell accounts apart and pick one, nothing more (no email, no ban). */
export const customerMatchSchema = z.object({
  id: z.number().int(),
  username: text(),
  robloxUsername: text().nullable(),
});
export type CustomerMatchWire = z.infer<typeof customerMatchSchema>;

/** A customer account as staff see it (spec 3, users: the ban fields and the role). */
export const customerAccountSchema = z.object({
  id: z.number().int(),
  username: text(),
  email: text().nullable(),
  discordId: text().nullable(),
  robloxId: text().nullable(),
  robloxUsername: text().nullable(),
  role: text(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  bannedReason: text().nullable(),
  bannedBy: text().nullable(),
  bannedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type CustomerAccountWire = z.infer<typeof customerAccountSchema>;

/** Staff calls on customer accounts (issue 26 item 8); `customers.ban` and `customers.role` are checked by the server. */
export const customerAccountEndpoints = {
  listCustomerAccounts: endpoint({
    method: 'GET',
    path: '/api/staff/customers',
    summary: 'Customer accounts matching a search (id, name, email, Discord id, Roblox name), newest first',
    auth: 'staff',
    query: customerAccountsQuerySchema,
    response: z.array(customerAccountSchema),
  }),
  searchCustomers: endpoint({
    method: 'GET',
    path: '/api/staff/customers/search',
    summary:
      'Customer accounts whose name or Roblox name contains ?q= (at least 2 characters), a few at most: the customer picker of legal cases and violation reports',
    auth: 'staff',
    query: customerSearchQuerySchema,
    response: z.array(customerMatchSchema),
  }),
  banCustomer: endpoint({
    method: 'POST',
    path: '/api/staff/customers/ban',
    summary: "Ban a customer account with a reason; ends the account's sessions (customers.ban)",
    auth: { staff: 'customers.ban' },
    body: banCustomerSchema,
    response: customerAccountSchema,
  }),
  unbanCustomer: endpoint({
    method: 'POST',
    path: '/api/staff/customers/unban',
    summary: 'Lift the ban of a customer account, with a reason (customers.ban)',
    auth: { staff: 'customers.ban' },
    body: unbanCustomerSchema,
    response: customerAccountSchema,
  }),
  changeCustomerRole: endpoint({
    method: 'POST',
    path: '/api/staff/customers/role',
    summary: "Change a customer's role to user or admin (customers.role: the platform owner)",
    auth: { staff: 'customers.role' },
    body: customerRoleChangeSchema,
    response: customerAccountSchema,
  }),
} as const;
