import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from '@groupflow/shell-kit/router';
import { signedOutState } from '@groupflow/shell-kit';
import { renderScreen } from '@groupflow/shell-kit/testing';
import { SignedOutNotice } from './SignedOutNotice.tsx';

/** A customer page the watch leaves, as it leaves it: for the landing page with `state`. */
function Leave({ state }: { state: unknown }) {
  const navigate = useNavigate();
  useEffect(() => void navigate('/', { replace: true, state }), [navigate, state]);
  return null;
}

const renderAfterLeaving = (state: unknown) =>
  renderScreen(<Leave state={state} />, {
    path: '/settings',
    routes: {
      '/': (
        <>
          <SignedOutNotice />
          <p>Landing</p>
        </>
      ),
    },
  });

describe('SignedOutNotice', () => {
  it('says why a banned tab landed here signed out, until dismissed', async () => {
    const user = userEvent.setup();
    renderAfterLeaving(signedOutState('Scam links'));
    expect((await screen.findByRole('alert')).textContent).toContain('You have been signed out: Scam links');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Landing')).toBeTruthy();
  });

  it('shows nothing on an ordinary visit', async () => {
    renderAfterLeaving(null);
    expect(await screen.findByText('Landing')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
