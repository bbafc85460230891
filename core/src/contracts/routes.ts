/** The route table of spec 1 section 2.1, grouped by the remote that owns each screen. */
export const AREA_ROUTES = {
  customer: [
    '/',
    '/dashboard',
    '/dashboard-safe',
    '/dashboard-original',
    '/customer-dashboard',
    '/dashboard-preview',
    '/servers',
    '/add-to-server',
    '/verification',
    '/settings',
    '/support',
    '/status',
    '/auth-success',
    '/auth/callback',
    '/auth-callback',
    '/test-email',
    '/group-management',
    '/group-management-preview',
    '/add-group',
    '/group-demo',
    '/group-workspace',
    '/workspace',
    '/roblox-login',
    '/setup-verification',
    '/verify',
    '/support-chat',
  ],
  staff: [
    '/staff-login',
    '/staff-dashboard',
    '/chain-of-command',
    '/manage-users',
    '/support-tickets',
    '/live-support-chat',
  ],
  legal: ['/legal-affairs', '/privacy', '/terms'],
} as const;

export type Area = keyof typeof AREA_ROUTES;

/**
 * Paths of the table the shell renders itself, without loading their area's remote: the landing page, the first
 * page of most visits, stays free of the federation runtime and the remote's code (issue 10).
 */
export const SHELL_PATHS = ['/'] as const;

/** Whether a route of the table is one the shell renders itself (SHELL_PATHS). */
export const isShellPath = (route: string): route is ShellPath => (SHELL_PATHS as readonly string[]).includes(route);

/**
 * Pages only a signed-in staff member sees. Without the staff session's marker cookie (STAFF_SIGNED_IN_COOKIE) the
 * server answers them with a redirect to /staff-login, and without a stored staff token the shell goes there at once:
 * either way no remote is loaded only to leave for the sign-in (issue 28).
 */
export const STAFF_ONLY_PAGES = [
  '/staff-dashboard',
  '/chain-of-command',
  '/manage-users',
  '/support-tickets',
  '/live-support-chat',
  '/legal-affairs',
] as const;

/** Whether a route of the table is one only a signed-in staff member sees (STAFF_ONLY_PAGES). */
export const isStaffOnlyPage = (route: string): boolean => (STAFF_ONLY_PAGES as readonly string[]).includes(route);

/** Where a staff-only page sends a visitor who is not signed in as staff (spec 2). */
export const STAFF_LOGIN_PATH = '/staff-login';

export type ShellPath = (typeof SHELL_PATHS)[number];
export const AREAS = Object.keys(AREA_ROUTES) as Area[];

export const AREA_LABELS: Record<Area, string> = {
  customer: 'Customer',
  staff: 'Staff',
  legal: 'Legal',
};

/** The route-table path a page's path names: trailing slashes do not count. */
export const routeOfPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function areaOfPath(pathname: string): Area | undefined {
  const path = routeOfPath(pathname);
  return AREAS.find((area) => (AREA_ROUTES[area] as readonly string[]).includes(path));
}
