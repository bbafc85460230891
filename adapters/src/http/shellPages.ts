import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  AREAS,
  EMPTY_ROOT_ELEMENT,
  FRAME_ATTRIBUTE,
  INLINED_REMOTES_ID,
  PRERENDERED_PAGES,
  REMOTE_APP_EXPOSE,
  type Area,
  type ShellPath,
} from '@groupflow/core/contracts';
import type { ContentCoding } from './contentCoding.ts';
import {
  CHUNK_GROUPS_FILE,
  type RemoteBuild,
  type RemoteManifest,
  type RemoteManifestSource,
} from './remoteManifests.ts';

/**
 * The shell chunks that load every remote (the federation runtime and the shared modules): the dynamic imports of
 * shell/src/remotes/ carry this webpackChunkName, and the build lists the group's files in CHUNK_GROUPS_FILE.
 */
const REMOTE_AREA_CHUNK_GROUP = 'remote-area';
/** The shell's entry (main.[contenthash].js), which runs before anything the hints name can. */
const ENTRY_CHUNK_GROUP = 'main';

/** A page ready to send in every coding, compressed once when it was made, never per request. */
export interface PreparedPage {
  bodies: Record<ContentCoding, Buffer>;
  /** Names the content; the coding is appended per answer (each coding is its own representation). */
  etag: string;
}

export interface RemotePagesOptions {
  /** Each area's manifest address as the browser uses it (GET /api/remotes's answer). */
  urls: Record<Area, string>;
  manifests: Record<Area, RemoteManifestSource>;
  /** A manifest that cannot be read: its area's pages go out with the map but without hints until it can. */
  onError(error: unknown, area: Area): void;
}

export interface ShellPagesOptions {
  /** The shell's build: index.html (the template) and CHUNK_GROUPS_FILE. */
  shellDir: string;
  /** The template and the manifests are checked again at most this often (on the next page asked for). */
  refreshMs: number;
  /** Without it every page goes out as built. */
  remotes?: RemotePagesOptions;
}

interface Sources {
  template: { version: string; html: string };
  /** The build's prerendered pages (PRERENDERED_PAGES) that exist, by path. */
  prerendered: Partial<Record<ShellPath, string>>;
  shellChunks: ShellChunks;
  builds: Partial<Record<Area, RemoteBuild>>;
}

/** The shell's own files a remote route needs: its entry, then its remote-loading chunks. */
interface ShellChunks {
  entry: string[];
  remoteArea: string[];
}

/** A remote route's page: the route (as in the route table) and the area that owns it. */
export interface RemoteRoute {
  area: Area;
  route: string;
  /**
   * The visit cannot be signed in (no session cookie) and asks for no other view (no query string): the page
   * carries the screen's frame, drawn signed out by the build, when the remote has one.
   */
  signedOut?: boolean;
}

/** Which page to send: a remote's route, one of the shell's own pages, or the plain page (a 404). */
export type PageTarget = RemoteRoute | { shellPath: ShellPath } | undefined;

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

function prepare(html: string): PreparedPage {
  const identity = Buffer.from(html);
  return {
    bodies: {
      identity,
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    },
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
  };
}

/**
 * The shell's page (shell/dist/index.html) as the server sends it. For a remote's route it also carries the remotes
 * map and preload hints for what that remote needs first, taken from its manifest, so the browser downloads them
 * with the page instead of one after another (main.js, /api/remotes, the manifest, remoteEntry.js, the chunks).
 * The landing page and the 404 page go out as built: they load no remote. Pages are made once per change of the
 * template or a manifest and kept compressed.
 */
export class ShellPages {
  readonly #shellDir: string;
  readonly #refreshMs: number;
  readonly #remotes: RemotePagesOptions | undefined;
  #sources: Promise<Sources | undefined> | undefined;
  #checkedAt = 0;
  #refreshing: Promise<void> | undefined;
  #pages = new Map<string, PreparedPage>();

  constructor(options: ShellPagesOptions) {
    this.#shellDir = options.shellDir;
    this.#refreshMs = options.refreshMs;
    this.#remotes = options.remotes;
  }

  /**
   * The page for a remote's route, a shell page (prerendered when the build wrote it so), or the plain page
   * (`undefined`); undefined when the shell is not built.
   */
  async page(target: PageTarget): Promise<PreparedPage | undefined> {
    this.#sources ??= this.#read(undefined);
    const sources = await this.#sources;
    if (!sources) {
      // Not built yet: look again on the next request rather than never.
      this.#sources = undefined;
      return undefined;
    }
    this.#refreshWhenDue(sources);
    const remote = this.#remotes && target && 'area' in target ? target : undefined;
    const shellPath = target && 'shellPath' in target && sources.prerendered[target.shellPath] ? target.shellPath : '';
    const shellPage = shellPath ? sources.prerendered[shellPath] : undefined;
    const framed = remote?.signedOut === true && Object.hasOwn(sources.builds[remote.area]?.frames ?? {}, remote.route);
    const key = remote ? `${remote.route}${framed ? ' framed' : ''}` : shellPath;
    let page = this.#pages.get(key);
    if (!page) {
      page = prepare(remote ? this.#render(sources, remote, framed) : (shellPage ?? sources.template.html));
      this.#pages.set(key, page);
    }
    return page;
  }

  /** Starts (without waiting for it) a check of the template and the manifests once the last is refreshMs old. */
  #refreshWhenDue(current: Sources): void {
    if (this.#refreshing || Date.now() - this.#checkedAt < this.#refreshMs) return;
    this.#refreshing = this.#read(current)
      .then((next) => {
        if (!next) return;
        const changed =
          next.template.version !== current.template.version ||
          JSON.stringify(next.prerendered) !== JSON.stringify(current.prerendered) ||
          JSON.stringify(next.shellChunks) !== JSON.stringify(current.shellChunks) ||
          AREAS.some((area) => next.builds[area] !== current.builds[area]);
        if (!changed) return;
        this.#sources = Promise.resolve(next);
        this.#pages = new Map();
      })
      // The pages already made stay in use; the next check tries again.
      .catch(() => {})
      .finally(() => {
        this.#refreshing = undefined;
      });
  }

  async #read(previous: Sources | undefined): Promise<Sources | undefined> {
    this.#checkedAt = Date.now();
    const templatePath = join(this.#shellDir, 'index.html');
    const info = await stat(templatePath).catch(() => undefined);
    if (!info) return undefined;
    const version = `${info.size}-${info.mtimeMs}`;
    const template =
      previous?.template.version === version
        ? previous.template
        : { version, html: await readFile(templatePath, 'utf8') };
    const prerendered = await this.#prerendered();
    if (!this.#remotes) return { template, prerendered, shellChunks: { entry: [], remoteArea: [] }, builds: {} };
    const builds: Partial<Record<Area, RemoteBuild>> = {};
    await Promise.all(
      AREAS.map(async (area) => {
        try {
          builds[area] = await this.#remotes!.manifests[area].current();
        } catch (error) {
          this.#remotes!.onError(error, area);
          builds[area] = previous?.builds[area];
        }
      }),
    );
    return { template, prerendered, shellChunks: await this.#shellChunks(), builds };
  }

  /** The prerendered pages the build wrote; a development build writes none, and those paths get the template. */
  async #prerendered(): Promise<Partial<Record<ShellPath, string>>> {
    const pages = await Promise.all(
      Object.entries(PRERENDERED_PAGES).map(async ([path, file]) => {
        const html = await readFile(join(this.#shellDir, file), 'utf8').catch(() => undefined);
        return html === undefined ? [] : [[path, html] as const];
      }),
    );
    return Object.fromEntries(pages.flat());
  }

  async #shellChunks(): Promise<ShellChunks> {
    try {
      const groups = JSON.parse(await readFile(join(this.#shellDir, CHUNK_GROUPS_FILE), 'utf8')) as Record<
        string,
        { js?: string[] } | undefined
      >;
      return { entry: groups[ENTRY_CHUNK_GROUP]?.js ?? [], remoteArea: groups[REMOTE_AREA_CHUNK_GROUP]?.js ?? [] };
    } catch {
      // A development build writes no chunk list: its pages go without the shell's hints.
      return { entry: [], remoteArea: [] };
    }
  }

  #render(sources: Sources, { area, route }: RemoteRoute, framed: boolean): string {
    const remotes = this.#remotes!.urls;
    const build = sources.builds[area];
    const hints = remoteHints(remotes[area], route, build, sources.shellChunks);
    const frame = framed ? build?.frames[route] : undefined;
    const head = [
      `<script type="application/json" id="${INLINED_REMOTES_ID}">${scriptJson(remotes)}</script>`,
      // The entry first and ahead of the rest: Chromium gives a deferred script low priority and a preload high,
      // so without this the entry, which must run before any of the rest is used, would arrive last.
      ...hints.entry.map(
        (url) => `<link rel="preload" as="script" fetchpriority="high" href="${escapeAttribute(url)}">`,
      ),
      ...hints.fetches.map(
        (url) =>
          `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="${escapeAttribute(url)}">`,
      ),
      ...hints.scripts.map(
        (url) => `<link rel="preload" as="script" fetchpriority="low" href="${escapeAttribute(url)}">`,
      ),
      // The remote's styles the frame's screen imports (its chunks add the same again once they run).
      frame?.css ? `<style>${frame.css.replace(/<\/style/gi, '<\\/style')}</style>` : '',
    ].join('');
    const page = sources.template.html.replace('</head>', `${head}</head>`);
    if (!frame) return page;
    // The screen as it draws signed out, painted with the page (issue 28). Inert: nothing typed or clicked in it
    // could reach the screen that replaces it in one draw once its code has run (shell/src/bootstrap.tsx). No box of
    // its own, so the screen's layout is the page's.
    return page.replace(
      EMPTY_ROOT_ELEMENT,
      () =>
        `<div id="root"><div ${FRAME_ATTRIBUTE}="${escapeAttribute(route)}" inert style="display:contents">${frame.html}</div></div>`,
    );
  }
}
