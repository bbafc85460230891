import { useState } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { LoadingState, useStaffSession } from '@groupflow/shell-kit';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import { canViewSupportTickets, isStaffRole } from '@groupflow/core/contracts';
import type { StaffUser } from '@groupflow/core/contracts';
import { useAdmission } from '../../staff/useAdmission.ts';
import { useTicketStream } from '../tickets/tickets.ts';
import { AdvancedToolsTab, AutomationTab } from './sampleTabs.tsx';
import { AnalyticsTab } from './AnalyticsTab.tsx';
import { CannedResponsesTab } from './CannedResponsesTab.tsx';
import { SlaTab } from './SlaTab.tsx';
import { TicketsTab } from './TicketsTab.tsx';
import './support-tickets.css';

const TABS = ['Tickets', 'Canned Responses', 'SLA', 'Analytics', 'Advanced Tools', 'Automation'].map((label) => ({
  value: label,
  label,
}));

/** /support-tickets (spec 2 section 2); admitted roles per section 6. */
export default function SupportTickets() {
  const { user, token, verified } = useStaffSession<StaffUser>();
  const navigate = useNavigate();
  const [tab, setTab] = useState('Tickets');
  // The role is judged on the server's answer, not on what storage says.
  const allowed = verified && user !== null && isStaffRole(user.role) && canViewSupportTickets(user.role);
  const live = useTicketStream(token, allowed);

  useAdmission(verified && user !== null, allowed, "You don't have permission to view support tickets");

  if (!allowed) {
    return (
      <main className="page center" aria-busy="true">
        <LoadingState />
      </main>
    );
  }

  return (
    <main className="page container stack support-tickets">
      <header className="spread">
        <div>
          <h1>Support Tickets</h1>
          <p className="muted">Manage customer support requests</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => navigate('/staff-dashboard')}>
          Back to Dashboard
        </button>
      </header>
      <Tabs tabs={TABS} value={tab} onValueChange={setTab} label="Support ticket views">
        <TabPanel value="Tickets">
          <TicketsTab user={user} live={live} />
        </TabPanel>
        <TabPanel value="Canned Responses">
          <CannedResponsesTab />
        </TabPanel>
        <TabPanel value="SLA">
          <SlaTab user={user} />
        </TabPanel>
        <TabPanel value="Analytics">
          <AnalyticsTab />
        </TabPanel>
        <TabPanel value="Advanced Tools">
          <AdvancedToolsTab />
        </TabPanel>
        <TabPanel value="Automation">
          <AutomationTab />
        </TabPanel>
      </Tabs>
    </main>
  );
}
