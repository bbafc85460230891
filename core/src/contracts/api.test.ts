import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { PublicCustomer } from '../customer/ports.ts';
import type { CustomerBot, CustomerServer } from '../servers/ports.ts';
import type { CustomerAccount } from '../customer/customerAccounts.ts';
import type { CustomerProfile } from '../customer/getUserProfile/getUserProfile.ts';
import type { ProbedHealthReport } from '../diagnostics/checkHealth/probedHealth.ts';
import type { SystemStatus } from '../diagnostics/getSystemStatus/getSystemStatus.ts';
import type { ComplianceReport, LegalCase, LegalDocument, PolicyViolation } from '../legal/legalRecords.ts';
import type { LegalSummaryCounts } from '../legal/summarizeLegalAffairs/summarizeLegalAffairs.ts';
import type { StaffActivity } from '../staff/activityLog.ts';
import type { HrAction } from '../staff/performHrAction/hrActions.ts';
import type { PublicStaffUser } from '../staff/ports.ts';
import type { SupportTicket, TicketMessage } from '../support/ports.ts';
import type { CustomerMessage, CustomerThread } from '../support/readCustomerThread/readCustomerThread.ts';
import type { TicketRating } from '../support/rateTicket/TicketRatings.ts';
import type { TicketAnalytics } from '../support/readTicketAnalytics/readTicketAnalytics.ts';
import { API, AREA_TABLE_SIZES, findEndpoint, listEndpoints } from './api.ts';
import { customerBotSchema, customerProfileSchema, customerServerSchema, publicCustomerSchema } from './customer.ts';
import { customerAccountSchema } from './customerAccounts.ts';
import { healthReportSchema, statusResponseSchema } from './diagnostics.ts';
import {
  complianceReportSchema,
  legalCaseSchema,
  legalDocumentSchema,
  legalSummarySchema,
  policyViolationSchema,
} from './legal.ts';
import { hrActionResultSchema, staffActivitySchema, staffUserSchema } from './staff.ts';
import {
  customerMessageSchema,
  customerThreadSchema,
  ticketAnalyticsSchema,
  ticketMessageWireSchema,
  ticketRatingSchema,
  ticketSchema,
} from './support.ts';
import type { Wire } from './wire.ts';

/**
 * A wire schema matches what the server sends when it has exactly the server type's fields and its output fits
 * the server type (schemas may narrow a stored `string` to the enum the server writes).
 */
type Matches<Schema extends z.ZodType, Server> = [keyof z.output<Schema>] extends [keyof Wire<Server>]
  ? [keyof Wire<Server>] extends [keyof z.output<Schema>]
    ? z.output<Schema> extends Wire<Server>
      ? true
      : 'the schema output does not fit the server type'
    : 'the schema lacks a field the server sends'
  : 'the schema has a field the server does not send';

describe('response schemas', () => {
  it('have exactly the fields of the server types they describe', () => {
    expectTypeOf<Matches<typeof publicCustomerSchema, PublicCustomer>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof customerProfileSchema, CustomerProfile>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof customerBotSchema, CustomerBot>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof customerServerSchema, CustomerServer>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof customerAccountSchema, CustomerAccount>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof healthReportSchema, ProbedHealthReport>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof statusResponseSchema, SystemStatus>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof staffUserSchema, PublicStaffUser>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof staffActivitySchema, StaffActivity>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof hrActionResultSchema, HrAction & { emailSent: boolean }>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof ticketSchema, SupportTicket>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof ticketMessageWireSchema, TicketMessage>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof customerMessageSchema, CustomerMessage>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof customerThreadSchema, CustomerThread>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof ticketRatingSchema, TicketRating>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof ticketAnalyticsSchema, TicketAnalytics>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof legalCaseSchema, LegalCase>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof policyViolationSchema, PolicyViolation>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof legalDocumentSchema, LegalDocument>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof complianceReportSchema, ComplianceReport>>().toEqualTypeOf<true>();
    expectTypeOf<Matches<typeof legalSummarySchema, LegalSummaryCounts>>().toEqualTypeOf<true>();
  });

  it('accept dates as ISO text, not Date objects', () => {
    const member = {
      id: 1,
      username: 'alice',
      email: 'alice@groupflow.test',
      role: 'customer_support',
      isActive: true,
      lastLogin: null,
      clockedIn: false,
      clockInTime: null,
      clockOutTime: null,
      totalHoursWorked: 0,
      createdAt: new Date('2026-01-02T03:04:05Z'),
      mustChangePassword: false,
      suspendedUntil: null,
      mfaEnabled: false,
    };
    expect(staffUserSchema.safeParse(member).success).toBe(false);
    expect(staffUserSchema.safeParse(JSON.parse(JSON.stringify(member))).success).toBe(true);
  });
});

describe('the endpoint registry', () => {
  it('names every route once', () => {
    const routes = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('finds the endpoint a request reaches, literal paths before parameters', () => {
    expect(findEndpoint('GET', '/api/legal/summary')?.endpoint).toBe(API.legal.summarizeLegalAffairs);
    expect(findEndpoint('GET', '/api/legal/cases/12')?.endpoint).toBe(API.legal.getCase);
    expect(findEndpoint('get', '/api/staff/all')?.endpoint).toBe(API.staff.listStaff);
    expect(findEndpoint('DELETE', '/api/staff/7')?.endpoint).toBe(API.staff.deleteStaffUser);
    expect(findEndpoint('POST', '/api/support/tickets/3/claim')?.endpoint).toBe(API.support.claimTicket);
    expect(findEndpoint('PUT', '/api/staff/all')).toBeUndefined();
  });
});

describe('API areas', () => {
  it('are core’s areas, and merging an area’s tables hid no endpoint (no key twice)', () => {
    expect(Object.keys(API).sort()).toEqual([
      'customer',
      'diagnostics',
      'legal',
      'roblox',
      'servers',
      'staff',
      'support',
    ]);
    for (const [area, endpoints] of Object.entries(API)) {
      expect(Object.keys(endpoints).length, area).toBe(AREA_TABLE_SIZES[area as keyof typeof API]);
    }
  });
});
