import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { reportDiagnostic, STAFF_TOKEN_KEY } from '@groupflow/shell-kit';
import { json, stubFetch } from '@groupflow/shell-kit/testing';
import { DiagnosticsHost } from './DiagnosticsHost.tsx';

const outage = () =>
  act(() => reportDiagnostic({ kind: 'server', url: '/api/servers', status: 503, message: '503: Unavailable' }));

const renderHost = () =>
  render(
    <MemoryRouter>
      <DiagnosticsHost />
    </MemoryRouter>,
  );

afterEach(() => localStorage.clear());

describe('DiagnosticsHost (issue 36)', () => {
  it('shows a customer a plain banner with Try again, never the diagnostics', async () => {
    stubFetch(() => json({ message: 'Unavailable' }, 503));
    renderHost();
    await outage();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain("We can't reach GroupFlow right now. Retrying...");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /System Monitor/ })).toBeNull();
  });

  it('opens the diagnostics for a signed-in staff member', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
    stubFetch(() => json({ message: 'Unavailable' }, 503));
    renderHost();
    await outage();
    expect(await screen.findByRole('dialog', { name: 'Connection Issues Detected' })).toBeTruthy();
    expect(screen.queryByText("We can't reach GroupFlow right now. Retrying...")).toBeNull();
  });
});
