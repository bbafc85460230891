import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabPanel, Tabs } from './tabs.tsx';

const TABS = [
  { value: 'cases', label: 'Legal Cases' },
  { value: 'violations', label: 'Policy Violations' },
  { value: 'documents', label: 'Documents' },
] as const;

function Screen() {
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('cases');
  return (
    <Tabs tabs={TABS} value={tab} onValueChange={setTab} label="Legal records">
      {TABS.map((t) => (
        <TabPanel key={t.value} value={t.value}>
          Panel {t.label}
        </TabPanel>
      ))}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('selects with arrow keys, Home and End, showing only the selected panel', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    screen.getByRole('tablist', { name: 'Legal records' });
    const first = screen.getByRole('tab', { name: 'Legal Cases' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel Legal Cases');

    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Policy Violations' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel Policy Violations');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel Documents');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel Legal Cases');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Documents' }));
  });

  it('labels each panel by its tab', () => {
    render(<Screen />);
    expect(screen.getByRole('tabpanel', { name: 'Legal Cases' })).toBeTruthy();
  });

  it('points aria-controls at the panel, one id without spaces, when a value has a space (axe, issue 36)', async () => {
    const user = userEvent.setup();
    const VIEWS = [
      { value: 'Tickets', label: 'Tickets' },
      { value: 'Advanced Tools', label: 'Advanced Tools' },
    ] as const;
    function Views() {
      const [tab, setTab] = useState<(typeof VIEWS)[number]['value']>('Tickets');
      return (
        <Tabs tabs={VIEWS} value={tab} onValueChange={setTab} label="Views">
          <TabPanel value="Tickets">Ticket list</TabPanel>
          <TabPanel value="Advanced Tools">Tools ({tab})</TabPanel>
        </Tabs>
      );
    }
    render(<Views />);
    const tools = screen.getByRole('tab', { name: 'Advanced Tools' });
    await user.click(tools);
    const controls = tools.getAttribute('aria-controls')!;
    expect(controls).not.toMatch(/\s/);
    expect(document.getElementById(controls)?.textContent).toBe('Tools (Advanced Tools)');
  });
});
