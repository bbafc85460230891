import { Forbidden, type ErrorCode } from '../shared/errors.ts';
import { hasPermission, type StaffPermission, type StaffRole } from './roles.ts';

/** What a member hears when their role lacks a permission: the use cases' and the route guard's one answer. */
const REFUSALS: Record<StaffPermission, { code: ErrorCode; message: string }> = {
  'tickets.read': { code: 'SUPPORT.READ_FORBIDDEN', message: "You don't have permission to view support tickets" },
  'tickets.manage': {
    code: 'SUPPORT.MANAGE_FORBIDDEN',
    message: "You don't have permission to manage support tickets",
  },
  'tickets.takeover': { code: 'STAFF.PERMISSION_REQUIRED', message: 'Only the platform owner may take over a ticket' },
  'tickets.sla': {
    code: 'SUPPORT.SLA_FORBIDDEN',
    message: 'Only customer support directors and the platform owner change SLA policies',
  },
  'users.manage': { code: 'STAFF.MANAGE_USERS_FORBIDDEN', message: "You don't have permission to manage users" },
  'users.delete': { code: 'STAFF.DELETE_FORBIDDEN', message: "You don't have permission to delete staff members" },
  'hr.actions': { code: 'STAFF.HR_FORBIDDEN', message: "You don't have permission to perform HR actions" },
  'passwords.reset': {
    code: 'STAFF.PASSWORD_RESET_FORBIDDEN',
    message: 'Only the platform owner may reset staff passwords',
  },
  maintenance: { code: 'STAFF.PERMISSION_REQUIRED', message: 'Only the platform owner may run maintenance' },
  'customers.ban': { code: 'CUSTOMERS.BAN_FORBIDDEN', message: "You don't have permission to ban customers" },
  'customers.role': { code: 'CUSTOMERS.ROLE_FORBIDDEN', message: "Only the platform owner changes a customer's role" },
};

/** Refuses (403) a member whose role does not carry `permission`. */
export function requirePermission(actor: { role: StaffRole }, permission: StaffPermission): void {
  if (hasPermission(actor.role, permission)) return;
  const { code, message } = REFUSALS[permission];
  throw new Forbidden(code, message);
}
