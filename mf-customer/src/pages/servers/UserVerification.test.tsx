import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import UserVerification from './UserVerification.tsx';

const ME = { id: 1, username: 'alice', email: null, avatar: null, robloxId: null, discordId: '100' };
const MEMBER = {
  id: 2,
  username: 'bob',
  discordId: '36510622975578822',
  avatar: null,
  discriminator: null,
  isVerified: false,
  isProven: false,
  isOnline: false,
  robloxId: null,
  robloxUsername: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('UserVerification', () => {
  it("shows a member's Discord CDN avatar, and their initial instead of a broken image when it cannot load", async () => {
    stubFetch((call) => {
      if (call.url.endsWith('/api/user')) return json(ME);
      if (call.url.endsWith('/api/users')) return json([MEMBER]);
      return json({ hasToken: true, isOnline: true, guildCount: 1, connectedServers: [] });
    });
    renderScreen(<UserVerification />);
    const card = await screen.findByLabelText('bob');
    const image = card.querySelector('img.sv-avatar')!;
    expect(image.getAttribute('src')).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/);
    fireEvent.error(image);
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByText('B')).toBeTruthy();
  });
});
