import { AREA_ROUTES, isShellPath, isStaffOnlyPage, SHELL_PATHS, type Area } from './routes.ts';

/**
 * How the server delivers a page of the route table: a redirect where a visit that cannot be signed in would only
 * leave, and otherwise the shell's page with, for a remote's route, the remotes map and preload hints, and, where the
 * build drew one, the route's first paint (issue 28). Shared by the build scripts (shell/build/prerender.mjs), the
 * server (adapters/src/http/renderPage.ts) and the shell that takes the page over (shell/src/bootstrap.tsx).
 */

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
 * The cookie the staff screens set beside the stored staff token (the token itself stays in local storage, spec 2),
 * so the server can tell a staff-only page's visitor who is not signed in (STAFF_ONLY_PAGES) without loading a
 * remote to find out. A hint only, never an authorisation: every staff call still needs the token.
 */
export const STAFF_SIGNED_IN_COOKIE = 'gf_staff_signed_in';

/**
 * The page the server sends for a remote's route carries the remotes map (GET /api/remotes's answer) in a JSON
 * `<script>` element with this id, so the shell starts the remote without asking for it first (issue 28).
 */
export const INLINED_REMOTES_ID = 'groupflow-remotes';

/** The module every remote exposes and the shell renders for the remote's routes (`<area>/App`). */
export const REMOTE_APP_EXPOSE = 'App';

/** The apps whose build draws first paints: the shell and each remote. */
export type FirstPaintApp = 'shell' | Area;

/**
 * The routes whose page paints before any script has run because the build drew it (issue 28): the shell's own
 * pages, the same for every visitor, and each remote route as its screen draws for a visitor without a session,
 * except the pages the server sends such a visitor away from (SIGNED_OUT_REDIRECTS, STAFF_ONLY_PAGES).
 */
export const firstPaintRoutes = (app: FirstPaintApp): string[] =>
  app === 'shell'
    ? [...SHELL_PATHS]
    : AREA_ROUTES[app].filter(
        (route) => !isShellPath(route) && !Object.hasOwn(SIGNED_OUT_REDIRECTS, route) && !isStaffOnlyPage(route),
      );

/**
 * Written by each app's build (shell/build/prerender.mjs) into its dist folder, beside the remote's manifest: route
 * → the markup of its first paint and the app's own styles that markup needs (none for the shell, whose page links
 * its stylesheet).
 */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** The built page's empty root element, which the server fills with a route's first paint (minified or not). */
export const EMPTY_ROOT_ELEMENT = /<div id="?root"?><\/div>/;

/**
 * The root element's attribute that names the route its first paint draws. The shell takes the page over from it
 * (shell/src/bootstrap.tsx) and then removes it; a first paint that is replaced rather than hydrated is also `inert`
 * until then.
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
