import {
  areaOfPath,
  EMPTY_ROOT_ELEMENT,
  FIRST_PAINT_ATTRIBUTE,
  INLINED_REMOTES_ID,
  isShellPath,
  REMOTE_APP_EXPOSE,
  type Area,
} from '@groupflow/core/contracts';
import type { FirstPaints, RemoteBuild, RemoteManifest } from './remoteManifests.ts';

/** The shell's own files a remote route needs: its entry, then its remote-loading chunks. */
export interface ShellChunks {
  entry: string[];
  remoteArea: string[];
}

/** What every page is made from, as read from the shell's build and the remotes' (shellPages.ts). */
export interface PageSources {
  /** The shell's built index.html. */
  template: string;
  /** The first paints the shell's build drew of its own pages (FIRST_PAINT_FILE), by route. */
  shellFirstPaints: FirstPaints;
  shellChunks: ShellChunks;
  /** Each remote's build, whose manifest names the hints and whose first paints fill its signed-out pages. */
  builds: Partial<Record<Area, RemoteBuild>>;
  /** Each area's manifest address as the browser uses it (GET /api/remotes's answer); none: pages go out as built. */
  remotes?: Record<Area, string>;
}

/** Which page to send: a route of the table, or the plain page (a 404). */
export type PageTarget =
  | {
      route: string;
      /**
       * The visit cannot be signed in (no session cookie) and asks for no other view (no query string): a remote's
       * page carries the first paint its build drew signed out, when it has one.
       */
      signedOut: boolean;
    }
  | undefined;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside `<script>`: `<` escaped, so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A file named in a remote's manifest, addressed as the browser will load it: beside the manifest (publicPath
 * "auto", how the remotes are built) or under the manifest's publicPath. A root-relative manifest address (this
 * server hosts the remote) gives a root-relative file address, an absolute one an absolute address.
 */
function remoteFileUrl(manifestUrl: string, manifest: RemoteManifest, file: string): string {
  const placeholder = 'http://same-origin.invalid';
  const base = new URL(
    manifest.metaData.publicPath === 'auto' ? manifestUrl : manifest.metaData.publicPath,
    new URL(manifestUrl, placeholder),
  );
  const url = new URL(file, base);
  return url.origin === placeholder ? `${url.pathname}${url.search}` : url.href;
}

/**
 * What a remote's route needs before its screen can paint, in the order the shell asks for it: the manifest (read
 * by the federation runtime with fetch(), credentials same-origin: `crossorigin="anonymous"`), remoteEntry.js, the
 * exposed App's first chunks and the chunks of the route's screen (the remote names that chunk group after the
 * route), all plain `<script>` elements without a crossorigin attribute as the runtime and webpack's chunk loading
 * add them, and the shell's own remote-loading chunks.
 */
export function remoteHints(
  manifestUrl: string,
  route: string,
  build: RemoteBuild | undefined,
  shellChunks: ShellChunks,
) {
  const entry = shellChunks.entry.map((file) => `/${file}`);
  const scripts = shellChunks.remoteArea.map((file) => `/${file}`);
  if (!build) return { entry, fetches: [], scripts };
  const { manifest } = build;
  const { remoteEntry } = manifest.metaData;
  const expose = manifest.exposes.find((entry) => entry.name === REMOTE_APP_EXPOSE);
  const remoteFiles = [
    `${remoteEntry.path}${remoteEntry.name}`,
    ...new Set([...(expose?.assets.js.sync ?? []), ...(build.chunkGroups[route.slice(1)]?.js ?? [])]),
  ];
  return {
    entry,
    fetches: [manifestUrl],
    scripts: [...remoteFiles.map((file) => remoteFileUrl(manifestUrl, manifest, file)), ...scripts],
  };
}

/**
 * The remotes map and the preload hints of a remote's route, so the browser downloads what the remote needs with
 * the page instead of one after another (main.js, /api/remotes, the manifest, remoteEntry.js, the chunks).
 */
function remoteHead(sources: PageSources, remotes: Record<Area, string>, area: Area, route: string): string {
  const hints = remoteHints(remotes[area], route, sources.builds[area], sources.shellChunks);
  return [
    `<script type="application/json" id="${INLINED_REMOTES_ID}">${scriptJson(remotes)}</script>`,
    // The entry first and ahead of the rest: Chromium gives a deferred script low priority and a preload high,
    // so without this the entry, which must run before any of the rest is used, would arrive last.
    ...hints.entry.map((url) => `<link rel="preload" as="script" fetchpriority="high" href="${escapeAttribute(url)}">`),
    ...hints.fetches.map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="${escapeAttribute(url)}">`,
    ),
    ...hints.scripts.map(
      (url) => `<link rel="preload" as="script" fetchpriority="low" href="${escapeAttribute(url)}">`,
    ),
  ].join('');
}

/**
 * The page with the route's first paint, the markup the build drew, in its root element and the app's styles that
 * markup imports in its head (a remote's chunks add the same again once they run). `inert` for markup that the
 * shell replaces rather than hydrates: nothing typed or clicked in it could reach the screen that replaces it in one
 * draw (shell/src/bootstrap.tsx).
 */
function withFirstPaint(page: string, route: string, firstPaint: FirstPaints[string] | undefined, inert: boolean) {
  if (!firstPaint) return page;
  const style = firstPaint.css ? `<style>${firstPaint.css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  return page
    .replace('</head>', `${style}</head>`)
    .replace(
      EMPTY_ROOT_ELEMENT,
      () =>
        `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="${escapeAttribute(route)}"${inert ? ' inert' : ''}>${firstPaint.html}</div>`,
    );
}

/**
 * The shell's page (its index.html) as the server sends it for `target`. The shell's own pages carry their first
 * paint for every visit (they draw the same for everyone), hydrated once the script has run, and load no remote. A
 * remote's route carries the remotes map and preload hints (remoteHead) and, on a signed-out visit, the first paint
 * its build drew signed out, which the shell replaces. The 404 page goes out as built. Pure: the same sources and
 * target, the same page.
 */
export function renderPage(sources: PageSources, target: PageTarget): string {
  if (!target) return sources.template;
  const { route } = target;
  if (isShellPath(route)) return withFirstPaint(sources.template, route, sources.shellFirstPaints[route], false);
  const area = areaOfPath(route);
  const { remotes } = sources;
  if (!area || !remotes) return sources.template;
  const page = sources.template.replace('</head>', `${remoteHead(sources, remotes, area, route)}</head>`);
  return withFirstPaint(page, route, target.signedOut ? sources.builds[area]?.firstPaints[route] : undefined, true);
}
