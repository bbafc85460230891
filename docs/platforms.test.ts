/**
 * platforms.md stays true: every operation it lists is one the vendored platform documents (or the allow-list)
 * know, under the name they give it, so a renamed or invented operation fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findOperation } from '../adapters/testing/platformContract.ts';

const platforms = readFileSync(new URL('platforms.md', import.meta.url), 'utf8');

/** Each operations table's first cell: `METHOD host/path template`. */
const operations = [...platforms.matchAll(/^\| `([A-Z]+) ([^`\s]+)` \|/gm)].map(([, method, address]) => ({
  method: method!,
  address: address!,
}));

/** The address a request would carry: every `{parameter}` of the template filled with an id. */
const requestUrl = (address: string) => `https://${address.replace(/\{[^}]+\}/g, '1')}`;

describe('docs/platforms.md', () => {
  it('lists the operations of both platforms', () => {
    const hosts = new Set(operations.map(({ address }) => address.slice(0, address.indexOf('/'))));
    expect(hosts).toEqual(
      new Set([
        'discord.com',
        'users.roblox.com',
        'groups.roblox.com',
        'inventory.roblox.com',
        'thumbnails.roblox.com',
        'apis.roblox.com',
      ]),
    );
  });

  it('names every operation as the documents or the allow-list do', () => {
    const named = operations.map(({ method, address }) => ({
      listed: `${method} ${address}`,
      documented: findOperation({ method, url: requestUrl(address) })?.id ?? 'in neither document nor the allow-list',
    }));
    expect(named.filter(({ listed, documented }) => listed !== documented)).toEqual([]);
  });

  it('lists each operation once', () => {
    const listed = operations.map(({ method, address }) => `${method} ${address}`);
    expect(listed.filter((operation, index) => listed.indexOf(operation) !== index)).toEqual([]);
  });
});
