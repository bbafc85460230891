import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerWire, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { AppLayout } from './AppSidebar.tsx';

const renderLayout = (user = customerWire(), path = '/customer-dashboard') => {
  stubFetch(() => json([]));
  return renderScreen(
    <AppLayout user={user}>
      <h1>Page</h1>
    </AppLayout>,
    { path },
  );
};

describe('AppLayout sidebar (issue 36)', () => {
  it('highlights Overview on the page sign-in lands on and names the other dashboard for what it shows', () => {
    renderLayout();
    const sidebar = screen.getByRole('complementary', { name: 'Main navigation' });
    const overview = within(sidebar).getByRole('link', { name: 'Overview' });
    expect(overview.getAttribute('href')).toBe('/customer-dashboard');
    expect(overview.getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: 'Verifications & Plans' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('offers a Roblox-only account "Connect Discord" instead of the Discord pages it cannot use', () => {
    renderLayout(customerWire({ discordId: null, robloxId: '42', robloxUsername: 'Obby' }));
    const sidebar = screen.getByRole('complementary', { name: 'Main navigation' });
    expect(within(sidebar).getByRole('link', { name: 'Connect Discord' }).getAttribute('href')).toBe('/auth/discord');
    for (const discordPage of ['My Servers', 'Add to Server', 'User Verification'])
      expect(within(sidebar).queryByRole('link', { name: discordPage })).toBeNull();
  });

  it('moves focus into the phone drawer when it opens and back to the menu button when it closes', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const close = screen.getAllByRole('button', { name: 'Close menu' }).find((button) => button.tabIndex !== -1)!;
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });
});
