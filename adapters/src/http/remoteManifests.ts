import { readFile, stat } from 'node:fs/promises';
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

function parseManifest(text: string, where: string): RemoteManifest {
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${where} is not a module federation manifest: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Where one remote's current manifest is read. `current()` answers the same object while the manifest has not
 * changed (cheaply: a file's size and time, a server's ETag), a new one after the remote was redeployed, and
 * throws when the manifest cannot be read.
 */
export interface RemoteManifestSource {
  current(): Promise<RemoteManifest>;
}

/** A remote this server hosts itself (its dist folder under WEB_ROOT): the file, re-read when it changes. */
export class FileRemoteManifest implements RemoteManifestSource {
  readonly #path: string;
  #seen: { version: string; manifest: RemoteManifest } | undefined;

  constructor(path: string) {
    this.#path = path;
  }

  async current(): Promise<RemoteManifest> {
    const info = await stat(this.#path);
    const version = `${info.size}-${info.mtimeMs}`;
    if (this.#seen?.version === version) return this.#seen.manifest;
    const manifest = parseManifest(await readFile(this.#path, 'utf8'), this.#path);
    this.#seen = { version, manifest };
    return manifest;
  }
}

/** A remote on its own origin (REMOTE_<AREA>_URL): asked with If-None-Match, so an unchanged one costs a 304. */
export class FetchRemoteManifest implements RemoteManifestSource {
  readonly #url: string;
  readonly #timeoutMs: number;
  #seen: { etag: string | null; manifest: RemoteManifest } | undefined;

  constructor(url: string, timeoutMs: number) {
    this.#url = url;
    this.#timeoutMs = timeoutMs;
  }

  async current(): Promise<RemoteManifest> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.#seen?.etag) headers['If-None-Match'] = this.#seen.etag;
    const response = await fetch(this.#url, { headers, signal: AbortSignal.timeout(this.#timeoutMs) });
    if (response.status === 304 && this.#seen) return this.#seen.manifest;
    if (!response.ok) throw new Error(`${this.#url} answered ${response.status}`);
    const manifest = parseManifest(await response.text(), this.#url);
    this.#seen = { etag: response.headers.get('etag'), manifest };
    return manifest;
  }
}
