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

/** Where spec 1 sends the signed-out visitor of the main dashboard: "redirects to /?demo=true". */
const DEMO_LANDING = '/?demo=true';

/**
 * Customer pages whose signed-out visitor is sent elsewhere, and where: spec 1 sends /servers to / after its 401,
 * /settings to / ("Not logged in redirects to /"), and the main dashboard, when loading the user fails, to
 * /?demo=true; the member verification screen sends its signed-out visitor to / at once. A request without the
 * session cookie cannot be signed in, so the server answers it with that redirect at once instead of the page, its
 * remote and a 401 (issue 28: the page's largest paint was the redirect's destination, after the remote had
 * loaded). A request with a query string is left to the page, which knows what the query asks (the dashboard stays
 * in Demo Mode with demo=true).
 */
export const SIGNED_OUT_REDIRECTS: Readonly<Record<string, string>> = {
  '/servers': '/',
  '/settings': '/',
  '/verification': '/',
  '/dashboard': DEMO_LANDING,
  '/dashboard-safe': DEMO_LANDING,
  '/dashboard-original': DEMO_LANDING,
};

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

/**
 * The cookie the staff screens set beside the stored staff token (the token itself stays in local storage, spec 2),
 * so the server can tell a staff-only page's visitor who is not signed in without loading a remote to find out. A
 * hint only, never an authorisation: every staff call still needs the token.
 */
export const STAFF_SIGNED_IN_COOKIE = 'gf_staff_signed_in';

/**
 * Remote routes a visitor without a session sees drawn by the server before any script runs (issue 28): the build
 * renders each one's signed-out screen into the remote's FRAMES_FILE, and the server puts it in the page of a visit
 * without a customer session cookie and without a query string. The pages the server redirects such a visit away
 * from (SIGNED_OUT_REDIRECTS, STAFF_ONLY_PAGES) have none.
 */
export const framedRoutes = (area: Area): string[] =>
  AREA_ROUTES[area].filter(
    (route) => !isShellPath(route) && !Object.hasOwn(SIGNED_OUT_REDIRECTS, route) && !isStaffOnlyPage(route),
  );

/** Written by each remote's build beside its manifest: route → the frame's markup and the styles it needs. */
export const FRAMES_FILE = 'frames.json';

/** The built page's empty root element, which a prerendered page or a frame fills (minified or not). */
export const EMPTY_ROOT_ELEMENT = /<div id="?root"?><\/div>/;

/** The attribute of the element that holds a frame in the page's root: its value is the route drawn. */
export const FRAME_ATTRIBUTE = 'data-frame';
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

/**
 * The page the server sends for a remote's route carries the remotes map (GET /api/remotes's answer) in a JSON
 * `<script>` element with this id, so the shell starts the remote without asking for it first (issue 28).
 */
export const INLINED_REMOTES_ID = 'groupflow-remotes';

/**
 * Shell pages the build prerenders (shell/build/prerender.mjs), by path: the file of the shell's build, beside
 * index.html, that the server sends for that path, with the page's markup already in its root element.
 */
export const PRERENDERED_PAGES: Readonly<Partial<Record<ShellPath, string>>> = { '/': 'landing.html' };

/** The module every remote exposes and the shell renders for the remote's routes (`<area>/App`). */
export const REMOTE_APP_EXPOSE = 'App';
