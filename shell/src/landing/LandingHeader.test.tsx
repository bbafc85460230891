import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerWire, renderScreen } from '@groupflow/shell-kit/testing';
import LandingHeader from './LandingHeader.tsx';

describe('LandingHeader', () => {
  it('offers both sign-ins to a visitor, and no next steps', () => {
    renderScreen(<LandingHeader user={null} />);
    expect(screen.getByRole('link', { name: 'Login with Discord' }).getAttribute('href')).toBe('/auth/discord');
    expect(screen.getByRole('link', { name: 'Login with Roblox' }).getAttribute('href')).toBe('/auth/roblox');
    expect(screen.queryByRole('navigation', { name: 'Continue' })).toBeNull();
  });

  it('shows a signed-in visitor where to go next instead of the sign-ins', () => {
    renderScreen(<LandingHeader user={customerWire({ username: 'vera' })} />);
    expect(screen.queryByRole('link', { name: 'Login with Discord' })).toBeNull();
    const next = within(screen.getByRole('navigation', { name: 'Continue' }));
    expect(next.getByText(/Signed in as vera/)).toBeTruthy();
    expect(next.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Servers', '/servers'],
      ['Roblox Groups', '/group-management'],
    ]);
  });

  it('folds the section links behind a Menu button that opens and closes them', async () => {
    const user = userEvent.setup();
    renderScreen(<LandingHeader user={null} />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(nav.classList.contains('landing-nav-open')).toBe(false);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('landing-nav-open')).toBe(true);
    await user.click(within(nav).getByRole('link', { name: 'Features' }));
    expect(nav.classList.contains('landing-nav-open')).toBe(false);
  });

  it('takes each section link to its section and Support to the support page (issue 36)', () => {
    renderScreen(<LandingHeader user={null} />);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Roblox Servers', '#landing-servers'],
      ['Features', '#landing-features'],
      ['Commands', '#landing-commands'],
      ['Support', '/support'],
    ]);
  });
});
