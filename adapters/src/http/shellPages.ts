import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AREAS, type Area } from '@groupflow/core/contracts';
import type { ContentCoding } from './contentCoding.ts';
import { CHUNK_GROUPS_FILE, firstPaintsFile, type RemoteBuild, type RemoteManifestSource } from './remoteManifests.ts';
import { renderPage, type PageSources, type PageTarget, type ShellChunks } from './renderPage.ts';

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
  /** The shell's build: index.html (the template), its FIRST_PAINT_FILE and CHUNK_GROUPS_FILE. */
  shellDir: string;
  /** The template and the manifests are checked again at most this often (on the next page asked for). */
  refreshMs: number;
  /** Without it every page goes out as built. */
  remotes?: RemotePagesOptions;
}

/** The sources of the pages, and the version of the template they were read with. */
interface Read {
  templateVersion: string;
  sources: PageSources;
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
 * The pages as the server sends them (renderPage), made from the shell's build (its index.html, first paints and
 * chunk groups) and the remotes' (their manifests, chunk groups and first paints). Pages are made once per change
 * of a source and kept compressed.
 */
export class ShellPages {
  readonly #shellDir: string;
  readonly #refreshMs: number;
  readonly #remotes: RemotePagesOptions | undefined;
  readonly #shellFirstPaints: ReturnType<typeof firstPaintsFile>;
  #read: Promise<Read | undefined> | undefined;
  #checkedAt = 0;
  #refreshing: Promise<void> | undefined;
  #pages = new Map<string, PreparedPage>();

  constructor(options: ShellPagesOptions) {
    this.#shellDir = options.shellDir;
    this.#refreshMs = options.refreshMs;
    this.#remotes = options.remotes;
    this.#shellFirstPaints = firstPaintsFile(options.shellDir);
  }

  /** The page for a route of the table, or the plain page (`undefined`); undefined when the shell is not built. */
  async page(target: PageTarget): Promise<PreparedPage | undefined> {
    this.#read ??= this.#readSources(undefined);
    const read = await this.#read;
    if (!read) {
      // Not built yet: look again on the next request rather than never.
      this.#read = undefined;
      return undefined;
    }
    this.#refreshWhenDue(read);
    const key = target ? `${target.route} ${target.signedOut}` : '';
    let page = this.#pages.get(key);
    if (!page) {
      page = prepare(renderPage(read.sources, target));
      this.#pages.set(key, page);
    }
    return page;
  }

  /** Starts (without waiting for it) a check of the sources once the last is refreshMs old. */
  #refreshWhenDue(current: Read): void {
    if (this.#refreshing || Date.now() - this.#checkedAt < this.#refreshMs) return;
    this.#refreshing = this.#readSources(current)
      .then((next) => {
        if (!next) return;
        const changed =
          next.templateVersion !== current.templateVersion ||
          JSON.stringify(next.sources.shellFirstPaints) !== JSON.stringify(current.sources.shellFirstPaints) ||
          JSON.stringify(next.sources.shellChunks) !== JSON.stringify(current.sources.shellChunks) ||
          AREAS.some((area) => next.sources.builds[area] !== current.sources.builds[area]);
        if (!changed) return;
        this.#read = Promise.resolve(next);
        this.#pages = new Map();
      })
      // The pages already made stay in use; the next check tries again.
      .catch(() => {})
      .finally(() => {
        this.#refreshing = undefined;
      });
  }

  async #readSources(previous: Read | undefined): Promise<Read | undefined> {
    this.#checkedAt = Date.now();
    const templatePath = join(this.#shellDir, 'index.html');
    const info = await stat(templatePath).catch(() => undefined);
    if (!info) return undefined;
    const templateVersion = `${info.size}-${info.mtimeMs}`;
    const template =
      previous?.templateVersion === templateVersion ? previous.sources.template : await readFile(templatePath, 'utf8');
    const shellFirstPaints = await this.#shellFirstPaints.read();
    if (!this.#remotes) {
      return {
        templateVersion,
        sources: { template, shellFirstPaints, shellChunks: { entry: [], remoteArea: [] }, builds: {} },
      };
    }
    const builds: Partial<Record<Area, RemoteBuild>> = {};
    await Promise.all(
      AREAS.map(async (area) => {
        try {
          builds[area] = await this.#remotes!.manifests[area].current();
        } catch (error) {
          this.#remotes!.onError(error, area);
          builds[area] = previous?.sources.builds[area];
        }
      }),
    );
    const shellChunks = await this.#shellChunks();
    return {
      templateVersion,
      sources: { template, shellFirstPaints, shellChunks, builds, remotes: this.#remotes.urls },
    };
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
}
