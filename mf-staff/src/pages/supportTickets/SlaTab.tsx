import { useState } from 'react';
import { Button, QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import {
  API,
  LIMITS,
  permissionsOf,
  TICKET_PRIORITIES,
  type SlaPoliciesWire,
  type StaffUser,
  type TicketPriority,
} from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

type Policy = SlaPoliciesWire['policies'][number];
type Draft = Record<TicketPriority, { firstResponseMinutes: string; resolutionHours: string }>;

const PRIORITY_NAMES: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

const toDraft = (policies: readonly Policy[]): Draft =>
  Object.fromEntries(
    policies.map((p) => [
      p.priority,
      { firstResponseMinutes: String(p.firstResponseMinutes), resolutionHours: String(p.resolutionHours) },
    ]),
  ) as Draft;

/** Numbers as typed; the server's schema judges them and its message is shown. */
const fromDraft = (draft: Draft): Policy[] =>
  TICKET_PRIORITIES.map((priority) => ({
    priority,
    firstResponseMinutes: Number(draft[priority].firstResponseMinutes),
    resolutionHours: Number(draft[priority].resolutionHours),
  }));

function SlaEditor({ policies, canEdit }: { policies: readonly Policy[]; canEdit: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(policies));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useEndpointMutation(API.support.replaceSlaPolicies, {
    invalidates: [API.support.readSlaPolicies, API.support.listTickets],
    success: 'SLA policies saved',
    onError: (error: unknown) => setFailure(errorText(error) ?? 'Could not save the SLA policies.'),
  });
  const change = (priority: TicketPriority, field: keyof Draft[TicketPriority], value: string) =>
    setDraft((current) => ({ ...current, [priority]: { ...current[priority], [field]: value } }));

  return (
    <form
      className="stack"
      aria-label="SLA policies"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        save.mutate({ body: { policies: fromDraft(draft) } });
      }}
    >
      <table className="table sla-table">
        <thead>
          <tr>
            <th scope="col">Priority</th>
            <th scope="col">First response (minutes)</th>
            <th scope="col">Resolution (hours)</th>
          </tr>
        </thead>
        <tbody>
          {TICKET_PRIORITIES.map((priority) => (
            <tr key={priority}>
              <th scope="row">{PRIORITY_NAMES[priority]}</th>
              <td>
                <input
                  className="input"
                  type="number"
                  min={1}
                  max={LIMITS.slaFirstResponseMinutes}
                  aria-label={`${PRIORITY_NAMES[priority]} first response (minutes)`}
                  readOnly={!canEdit}
                  value={draft[priority].firstResponseMinutes}
                  onChange={(e) => change(priority, 'firstResponseMinutes', e.target.value)}
                />
              </td>
              <td>
                <input
                  className="input"
                  type="number"
                  min={1}
                  max={LIMITS.slaResolutionHours}
                  aria-label={`${PRIORITY_NAMES[priority]} resolution (hours)`}
                  readOnly={!canEdit}
                  value={draft[priority].resolutionHours}
                  onChange={(e) => change(priority, 'resolutionHours', e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {failure && (
        <p role="alert" className="small text-danger">
          {failure}
        </p>
      )}
      {canEdit ? (
        <div className="row">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save SLA policies'}
          </Button>
        </div>
      ) : (
        <p className="muted small">Only customer support directors and the platform owner change these targets.</p>
      )}
    </form>
  );
}

/** The SLA tab of /support-tickets (issue 39): response and resolution targets per priority. */
export function SlaTab({ user }: { user: StaffUser }) {
  const policies = useEndpointQuery(API.support.readSlaPolicies);
  const canEdit = permissionsOf(user.role).includes('tickets.sla');
  return (
    <section className="stack" aria-label="SLA">
      <p className="muted small">
        A ticket breaches its SLA when no staff reply reaches the customer within the first-response target, or when it
        is not resolved or closed within the resolution target. Breaches are flagged in the ticket list and mailed to
        the customer support directors once.
      </p>
      <QueryView
        query={policies}
        loading="Loading SLA policies..."
        error={(error) => errorText(error) ?? 'Could not load the SLA policies.'}
      >
        {(data) => <SlaEditor policies={data.policies} canEdit={canEdit} />}
      </QueryView>
    </section>
  );
}
