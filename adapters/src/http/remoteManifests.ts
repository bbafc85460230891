import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { FIRST_PAINT_FILE } from '@groupflow/core/contracts';

/** The parts of a remote's mf-manifest.json (module federation's build manifest) the page hints are made from. */
const manifestSchema = z.object({
  metaData: z.object({
    publicPath: z.string(),
    remoteEntry: z.object({ name: z.string().min(1), path: z.string() }),
  }),
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }),
    }),
  ),
});
export type RemoteManifest = z.infer<typeof manifestSchema>;

/** chunk-groups.json, written beside the manifest by the build (shell/build/federatedApp.mjs). */
export const CHUNK_GROUPS_FILE = 'chunk-groups.json';
const chunkGroupsSchema = z.record(z.string(), z.object({ js: z.array(z.string()) }));
/** The files of each named chunk group; a remote names each screen's group after its route (`staff-login`). */
export type ChunkGroups = z.infer<typeof chunkGroupsSchema>;

const NO_CHUNK_GROUPS: ChunkGroups = {};

/** FIRST_PAINT_FILE, written by the shell's build and by each remote's beside its manifest (shell/build/prerender.mjs). */
const firstPaintsSchema = z.record(z.string(), z.object({ html: z.string(), css: z.string() }));
/** Each route's first paint, by route: its markup and the app's own styles that markup needs. */
export type FirstPaints = z.infer<typeof firstPaintsSchema>;

const NO_FIRST_PAINTS: FirstPaints = {};

/**
 * What the pages are made from: the remote's manifest, its chunk groups and its first paints (none of either
 * when the build wrote none: a development build).
 */
export interface RemoteBuild {
  manifest: RemoteManifest;
  chunkGroups: ChunkGroups;
  firstPaints: FirstPaints;
}

function parse<T>(schema: z.ZodType<T>, text: string, where: string): T {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${where} is not what the build writes: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Where one remote's current build is read. `current()` answers the same object while neither file has changed
 * (cheaply: a file's size and time, a server's ETag), a new one after the remote was redeployed, and throws when
 * the manifest cannot be read.
 */
export interface RemoteManifestSource {
  current(): Promise<RemoteBuild>;
}

/** A file of a build that a development build may lack. */
class OptionalFile<T> {
  readonly #path: string;
  readonly #schema: z.ZodType<T>;
  readonly #missing: T;

  constructor(path: string, schema: z.ZodType<T>, missing: T) {
    this.#path = path;
    this.#schema = schema;
    this.#missing = missing;
  }

  async version(): Promise<string> {
    const info = await stat(this.#path).catch(() => null);
    return info ? `${info.size}-${info.mtimeMs}` : '-';
  }

  async read(): Promise<T> {
    const text = await readFile(this.#path, 'utf8').catch(() => null);
    return text === null ? this.#missing : parse(this.#schema, text, this.#path);
  }
}

/** The first paints an app's build wrote into its dist folder `dir` (none for a development build). */
export const firstPaintsFile = (dir: string) =>
  new OptionalFile(join(dir, FIRST_PAINT_FILE), firstPaintsSchema, NO_FIRST_PAINTS);

/** A remote this server hosts itself (its dist folder under WEB_ROOT): the files, re-read when they change. */
export class FileRemoteManifest implements RemoteManifestSource {
  readonly #manifestPath: string;
  readonly #groups: OptionalFile<ChunkGroups>;
  readonly #firstPaints: OptionalFile<FirstPaints>;
  #seen: { version: string; build: RemoteBuild } | undefined;

  constructor(manifestPath: string) {
    this.#manifestPath = manifestPath;
    this.#groups = new OptionalFile(join(dirname(manifestPath), CHUNK_GROUPS_FILE), chunkGroupsSchema, NO_CHUNK_GROUPS);
    this.#firstPaints = firstPaintsFile(dirname(manifestPath));
  }

  async current(): Promise<RemoteBuild> {
    const [manifest, groups, firstPaints] = await Promise.all([
      stat(this.#manifestPath),
      this.#groups.version(),
      this.#firstPaints.version(),
    ]);
    const version = [`${manifest.size}-${manifest.mtimeMs}`, groups, firstPaints].join();
    if (this.#seen?.version === version) return this.#seen.build;
    const build = {
      manifest: parse(manifestSchema, await readFile(this.#manifestPath, 'utf8'), this.#manifestPath),
      chunkGroups: await this.#groups.read(),
      firstPaints: await this.#firstPaints.read(),
    };
    this.#seen = { version, build };
    return build;
  }
}

/** One file of a remote on its own origin, asked with If-None-Match, so an unchanged one costs a 304. */
class ConditionalFile<T> {
  readonly #url: string;
  readonly #schema: z.ZodType<T>;
  #seen: { etag: string | null; value: T } | undefined;

  constructor(url: string, schema: z.ZodType<T>) {
    this.#url = url;
    this.#schema = schema;
  }

  /** The file, or `missing` when the server has none (404). */
  async read(timeoutMs: number, missing?: T): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.#seen?.etag) headers['If-None-Match'] = this.#seen.etag;
    const response = await fetch(this.#url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 304 && this.#seen) return this.#seen.value;
    if (response.status === 404 && missing !== undefined) return missing;
    if (!response.ok) throw new Error(`${this.#url} answered ${response.status}`);
    const value = parse(this.#schema, await response.text(), this.#url);
    this.#seen = { etag: response.headers.get('etag'), value };
    return value;
  }
}

/** A remote on its own origin (REMOTE_<AREA>_URL): its manifest and the files beside it, over HTTP. */
export class FetchRemoteManifest implements RemoteManifestSource {
  readonly #manifest: ConditionalFile<RemoteManifest>;
  readonly #groups: ConditionalFile<ChunkGroups>;
  readonly #firstPaints: ConditionalFile<FirstPaints>;
  readonly #timeoutMs: number;
  #seen: RemoteBuild | undefined;

  constructor(url: string, timeoutMs: number) {
    this.#manifest = new ConditionalFile(url, manifestSchema);
    this.#groups = new ConditionalFile(new URL(CHUNK_GROUPS_FILE, url).href, chunkGroupsSchema);
    this.#firstPaints = new ConditionalFile(new URL(FIRST_PAINT_FILE, url).href, firstPaintsSchema);
    this.#timeoutMs = timeoutMs;
  }

  async current(): Promise<RemoteBuild> {
    const [manifest, chunkGroups, firstPaints] = await Promise.all([
      this.#manifest.read(this.#timeoutMs),
      this.#groups.read(this.#timeoutMs, NO_CHUNK_GROUPS),
      this.#firstPaints.read(this.#timeoutMs, NO_FIRST_PAINTS),
    ]);
    const seen = this.#seen;
    // The same object while nothing changed: the server compares builds by identity to remake its pages.
    if (seen?.manifest === manifest && seen.chunkGroups === chunkGroups && seen.firstPaints === firstPaints)
      return seen;
    this.#seen = { manifest, chunkGroups, firstPaints };
    return this.#seen;
  }
}
