import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

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

/** What the pages' hints are made from: the remote's manifest and its chunk groups (none when it has no list). */
export interface RemoteBuild {
  manifest: RemoteManifest;
  chunkGroups: ChunkGroups;
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

/** A remote this server hosts itself (its dist folder under WEB_ROOT): the files, re-read when they change. */
export class FileRemoteManifest implements RemoteManifestSource {
  readonly #manifestPath: string;
  readonly #groupsPath: string;
  #seen: { version: string; build: RemoteBuild } | undefined;

  constructor(manifestPath: string) {
    this.#manifestPath = manifestPath;
    this.#groupsPath = join(dirname(manifestPath), CHUNK_GROUPS_FILE);
  }

  async current(): Promise<RemoteBuild> {
    const [manifest, groups] = await Promise.all([stat(this.#manifestPath), stat(this.#groupsPath).catch(() => null)]);
    const version = [manifest, groups].map((info) => (info ? `${info.size}-${info.mtimeMs}` : '-')).join();
    if (this.#seen?.version === version) return this.#seen.build;
    const build = {
      manifest: parse(manifestSchema, await readFile(this.#manifestPath, 'utf8'), this.#manifestPath),
      chunkGroups: groups
        ? parse(chunkGroupsSchema, await readFile(this.#groupsPath, 'utf8'), this.#groupsPath)
        : NO_CHUNK_GROUPS,
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

/** A remote on its own origin (REMOTE_<AREA>_URL): its manifest and the chunk list beside it, over HTTP. */
export class FetchRemoteManifest implements RemoteManifestSource {
  readonly #manifest: ConditionalFile<RemoteManifest>;
  readonly #groups: ConditionalFile<ChunkGroups>;
  readonly #timeoutMs: number;
  #seen: RemoteBuild | undefined;

  constructor(url: string, timeoutMs: number) {
    this.#manifest = new ConditionalFile(url, manifestSchema);
    this.#groups = new ConditionalFile(new URL(CHUNK_GROUPS_FILE, url).href, chunkGroupsSchema);
    this.#timeoutMs = timeoutMs;
  }

  async current(): Promise<RemoteBuild> {
    const [manifest, chunkGroups] = await Promise.all([
      this.#manifest.read(this.#timeoutMs),
      this.#groups.read(this.#timeoutMs, NO_CHUNK_GROUPS),
    ]);
    if (this.#seen?.manifest !== manifest || this.#seen.chunkGroups !== chunkGroups) {
      this.#seen = { manifest, chunkGroups };
    }
    return this.#seen;
  }
}
