import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import {
  API,
  findEndpoint,
  toFieldIssues,
  type ConnectedGroupWire,
  type Endpoint,
  type PublicCustomerWire,
  type StaffUser,
} from '@groupflow/core/contracts';
import type { z } from 'zod';
import { ErrorTextsProvider, type ErrorTexts } from './errors.ts';
import { createQueryClient } from './queryClient.ts';
import { ToastContext, type ToastInput } from './toast.tsx';

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers of the current test that their endpoint's response schema rejected; `afterEach` fails the test on them. */
const contractBreaches: string[] = [];

/**
 * Reads a successful JSON answer of a registered endpoint as the API would have to send it: parsed by the
 * endpoint's response schema, so a hand-written answer cannot pass a screen data the API never sends. A breach is
 * recorded as well as thrown, since a screen may swallow the failed call and pass on its error state.
 */
async function checkAnswer(call: FetchCall, response: Response): Promise<void> {
  const { pathname } = new URL(call.url, 'http://localhost');
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 200 || response.status >= 300 || !type.includes('json')) return;
  // The kit's own tests declare endpoints of their own, which the registry does not hold.
  const found = findEndpoint(call.method, pathname);
  if (!found) return;
  const parsed = found.endpoint.response.safeParse(await response.clone().json());
  if (parsed.success) return;
  const breach = `${call.method} ${pathname} (API.${found.area}.${found.name}) answered JSON its response schema rejects: ${JSON.stringify(toFieldIssues(parsed.error))}`;
  contractBreaches.push(breach);
  throw new Error(breach);
}

/** Fails the test that answered a call with JSON its endpoint's response schema rejects (the kit's setup calls it). */
export function expectAnswersMatchedTheirEndpoints(): void {
  const breaches = contractBreaches.splice(0);
  if (breaches.length > 0) throw new Error(breaches.join('\n'));
}

/**
 * Replaces fetch for a component test: `answer` decides each response from the call, every call is recorded, and
 * every successful JSON answer of a registered endpoint must parse with its response schema (`checkAnswer`).
 * Call `vi.unstubAllGlobals()` and `expectAnswersMatchedTheirEndpoints()` after the test (the kit's setup does).
 */
export function stubFetch(answer: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call: FetchCall = {
      url,
      method: init?.method ?? 'GET',
      // JSON parsed; a file (an upload) as it was sent.
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const response = await answer(call);
    await checkAnswer(call, response);
    return response;
  });
  return calls;
}

/** A signed-in customer as GET /api/user answers one (checked by its schema); a test overrides what it is about. */
export const customerWire = (overrides: Partial<PublicCustomerWire> = {}): PublicCustomerWire =>
  fixture(API.customer.getUser, {
    id: 1,
    username: 'vera',
    email: null,
    discordId: '42',
    avatar: null,
    discriminator: null,
    robloxId: null,
    robloxUsername: null,
    isVerified: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

/**
 * A connected group as GET /api/roblox/groups/:groupId answers one (checked by its schema): tracking on, no owner
 * known, no roles; a test overrides what it is about.
 */
export const connectedGroupWire = (
  overrides: Partial<ConnectedGroupWire> & Pick<ConnectedGroupWire, 'groupId' | 'name'>,
): ConnectedGroupWire =>
  fixture(API.roblox.getConnectedGroup, {
    description: '',
    memberCount: 12,
    owner: null,
    ownerRobloxId: null,
    ownerDisplayName: null,
    roles: [],
    activityTracking: true,
    autoRank: false,
    quotaSystem: false,
    activityTrackingEnabled: true,
    isVerified: false,
    hasVerifiedBadge: false,
    publicEntryAllowed: true,
    buildersClubMembersOnly: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

/** A staff member as the staff calls answer one (checked by its schema): active, clocked out, email from the username. */
export const staffUserWire = ({
  username,
  ...rest
}: Pick<StaffUser, 'id' | 'username' | 'role'> & Partial<StaffUser>): StaffUser =>
  // clockIn answers the bare staff member, the shape every staff list and session starts from.
  fixture(API.staff.clockIn, {
    username,
    email: `${username}@groupflow.test`,
    isActive: true,
    lastLogin: null,
    clockedIn: false,
    clockInTime: null,
    clockOutTime: null,
    totalHoursWorked: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    mustChangePassword: false,
    suspendedUntil: null,
    mfaEnabled: false,
    ...rest,
  });

export const json = (value: unknown, status = 200): Response =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A test's answer of `endpoint`, checked by the endpoint's own response schema: a fixture that misses a field or
 * has one of the wrong type fails here, naming the endpoint, instead of passing a screen data the API never sends.
 */
export function fixture<E extends Endpoint>(endpoint: E, value: z.input<E['response']>): z.output<E['response']> {
  const parsed = endpoint.response.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(
      `Fixture for ${endpoint.method} ${endpoint.path} does not match its response:\n${issues.join('\n')}`,
    );
  }
  return parsed.data as z.output<E['response']>;
}

/** A failed call as the server answers it: `{ code, message, issues }`. */
export const errorResponse = (
  status: number,
  body: { code?: string; message: string; issues?: { path: (string | number)[]; message: string }[] },
): Response => json({ issues: [], ...body }, status);

/**
 * Renders a screen as the shell would host it (query client with the spec's defaults, toasts, router at `path`,
 * the remote's error texts); `toasts` collects what the screen showed, `routes` adds pages it may navigate to.
 */
export function renderScreen(
  ui: ReactElement,
  {
    path = '/',
    routes = {},
    errorTexts = {},
  }: { path?: string; routes?: Record<string, ReactElement>; errorTexts?: ErrorTexts } = {},
) {
  const toasts: ToastInput[] = [];
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastContext.Provider value={(toast) => toasts.push(toast)}>
        <ErrorTextsProvider texts={errorTexts}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={path.split('?')[0]} element={ui} />
              {Object.entries(routes).map(([route, element]) => (
                <Route key={route} path={route} element={element} />
              ))}
            </Routes>
          </MemoryRouter>
        </ErrorTextsProvider>
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, toasts };
}
