import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { ScheduleDialog } from './ScheduleDialog.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Schedule Session
      </button>
      {open && <ScheduleDialog groupId="777" onClose={() => setOpen(false)} />}
    </>
  );
}

const SCHEDULED = fixture(API.roblox.scheduleSession, {
  id: 1,
  title: 'Cadet training',
  type: 'training',
  status: 'scheduled',
  startsAt: '2030-06-01T18:30:00.000Z',
  durationMinutes: 60,
  slots: 10,
  host: null,
  coHost: null,
  signups: [],
});

describe('ScheduleDialog', () => {
  it('enables Schedule once title and time are set and sends the local time as an ISO instant', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = stubFetch(() => new Promise<Response>((resolve) => (release = () => resolve(json(SCHEDULED, 201)))));
    const { toasts } = renderScreen(<Opener />);
    const opener = screen.getByRole('button', { name: 'Schedule Session' });
    await user.click(opener);
    const schedule = screen.getByRole('button', { name: 'Schedule' }) as HTMLButtonElement;
    expect(schedule.disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), 'Cadet training');
    expect(schedule.disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'patrol' }));
    await user.clear(screen.getByLabelText('Slots'));
    await user.type(screen.getByLabelText('Slots'), '4');
    await user.type(screen.getByLabelText('When'), '2030-06-01T18:30');
    await user.click(schedule);
    const busy = (await screen.findByRole('button', { name: 'Scheduling...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[0]).toMatchObject({
      url: '/api/roblox/groups/777/sessions',
      method: 'POST',
      body: {
        title: 'Cadet training',
        type: 'patrol',
        durationMinutes: 60,
        slots: 4,
        startsAt: new Date('2030-06-01T18:30').toISOString(),
      },
    });
    expect(toasts).toContainEqual({ title: 'Session Scheduled', description: 'Cadet training', variant: 'success' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(SCHEDULED, 201));
    renderScreen(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    await user.type(screen.getByLabelText('Title'), 'Meeting');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
