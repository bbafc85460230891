import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import type { z } from 'zod';
import { API, openCloudKeyStatusSchema } from '@groupflow/core/contracts';
import { OpenCloudKeyCard } from './OpenCloudKeyCard.tsx';
import { when } from './format.ts';

const KEY: z.input<typeof openCloudKeyStatusSchema> = {
  set: true,
  permissions: ['group:read', 'group:write'],
  savedAt: '2026-11-01T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-20T08:30:00.000Z',
  lapsesAt: '2027-01-19T08:30:00.000Z',
  refusedAt: null,
};

function serve(status: Partial<typeof KEY>) {
  const answer = fixture(API.roblox.readOpenCloudKey, { ...KEY, ...status });
  stubFetch((call) =>
    call.url.endsWith('/open-cloud-key') ? json(answer) : json({ message: 'Not in this test' }, 404),
  );
}

const lifetime = async () => (await screen.findByTestId('open-cloud-key-lifetime')).textContent;

describe('OpenCloudKeyCard: the key’s lifetime (issue 34)', () => {
  it('shows its last use and when Roblox stops accepting an idle key', async () => {
    serve({});
    renderScreen(<OpenCloudKeyCard groupId="777" canReplace />);
    expect(await lifetime()).toBe(
      `Last used ${when(KEY.lastUsedAt)} · no expiry set in Roblox · Roblox stops accepting it on ${when(KEY.lapsesAt)}, unless a rank change uses it before.`,
    );
    expect(screen.getByText('Key set')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the expiry set in Roblox when that comes first, and no promise that use extends it', async () => {
    const expiresAt = '2026-12-01T00:00:00.000Z';
    serve({ expiresAt, lapsesAt: expiresAt });
    renderScreen(<OpenCloudKeyCard groupId="777" canReplace />);
    expect(await lifetime()).toBe(
      `Last used ${when(KEY.lastUsedAt)} · expires ${when(expiresAt)} (set in Roblox) · Roblox stops accepting it on ${when(expiresAt)}.`,
    );
  });

  it('says when Roblox refused the key and asks for a new one', async () => {
    const refusedAt = '2026-11-25T10:00:00.000Z';
    serve({ refusedAt });
    renderScreen(<OpenCloudKeyCard groupId="777" canReplace />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Roblox refused this key on ${when(refusedAt)}: save a new one to rank members again.`,
    );
    expect(screen.getByText('Refused by Roblox')).toBeTruthy();
  });
});
