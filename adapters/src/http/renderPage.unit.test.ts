/**
 * renderPage on its own (issue 38): the page of each kind of route as a pure function of the builds' sources, without
 * a server or files. delivery.unit.test.ts covers the same pages as the server reads and sends them.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_ATTRIBUTE, INLINED_REMOTES_ID, type Area } from '@groupflow/core/contracts';
import type { RemoteBuild } from './remoteManifests.ts';
import { renderPage, type PageSources } from './renderPage.ts';

const TEMPLATE = '<html><head><script defer src="/main.1.js"></script></head><body><div id=root></div></body></html>';
const REMOTES: Record<Area, string> = {
  customer: '/remotes/customer/mf-manifest.json',
  staff: '/remotes/staff/mf-manifest.json',
  legal: 'https://legal.example/mf-manifest.json',
};
const STAFF: RemoteBuild = {
  manifest: {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'App', assets: { js: { sync: ['app.2.js'] } } }],
  },
  chunkGroups: { 'staff-login': { js: ['staff-login.3.js'] } },
  firstPaints: { '/staff-login': { html: '<h1>Staff Login</h1>', css: 'h1{color:red}</style>' } },
};

const sources = (overrides: Partial<PageSources> = {}): PageSources => ({
  template: TEMPLATE,
  shellFirstPaints: { '/': { html: '<h1>Welcome</h1>', css: '' } },
  shellChunks: { entry: ['main.1.js'], remoteArea: ['remote-area.4.js'] },
  builds: { staff: STAFF },
  remotes: REMOTES,
  ...overrides,
});

const rootOf = (html: string) => /<div id="?root"?[^>]*>.*<\/div>/.exec(html)?.[0];

describe('renderPage', () => {
  it('sends the 404 page as built', () => {
    expect(renderPage(sources(), undefined)).toBe(TEMPLATE);
  });

  it("puts the shell's first paint in the landing page for every visit, to be hydrated: no map, no hints", () => {
    for (const signedOut of [true, false]) {
      const page = renderPage(sources(), { route: '/', signedOut });
      expect(rootOf(page)).toBe(`<div id="root" ${FIRST_PAINT_ATTRIBUTE}="/"><h1>Welcome</h1></div>`);
      expect(page).not.toContain(INLINED_REMOTES_ID);
      expect(page).not.toContain('<link');
    }
    // A development build draws no first paint: the page goes out as built.
    expect(renderPage(sources({ shellFirstPaints: {} }), { route: '/', signedOut: true })).toBe(TEMPLATE);
  });

  it("puts a remote's first paint, inert, with its styles, in the page of a signed-out visit", () => {
    const page = renderPage(sources(), { route: '/staff-login', signedOut: true });
    expect(rootOf(page)).toBe(
      `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="/staff-login" inert><h1>Staff Login</h1></div>`,
    );
    // After the hints, in the head; the markup cannot close the style element early.
    expect(page).toMatch(/<link [^>]*><style>h1\{color:red\}<\\\/style><\/style><\/head>/);
  });

  it('sends the remote page without a first paint to a visit that may be signed in, still with map and hints', () => {
    const page = renderPage(sources(), { route: '/staff-login', signedOut: false });
    expect(rootOf(page)).toBe('<div id=root></div>');
    expect(page).not.toContain('<style>');
    expect(page).toContain(`<script type="application/json" id="${INLINED_REMOTES_ID}">${JSON.stringify(REMOTES)}`);
    expect([...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/main.1.js',
      '/remotes/staff/mf-manifest.json',
      '/remotes/staff/remoteEntry.js',
      '/remotes/staff/app.2.js',
      '/remotes/staff/staff-login.3.js',
      '/remote-area.4.js',
    ]);
  });

  it("names only the shell's chunks for a remote whose build cannot be read, and has no first paint for it", () => {
    const page = renderPage(sources(), { route: '/terms', signedOut: true });
    expect(rootOf(page)).toBe('<div id=root></div>');
    expect([...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/main.1.js', '/remote-area.4.js']);
  });

  it('sends remote pages as built when the server hosts no remotes', () => {
    expect(renderPage(sources({ remotes: undefined }), { route: '/staff-login', signedOut: true })).toBe(TEMPLATE);
  });
});
