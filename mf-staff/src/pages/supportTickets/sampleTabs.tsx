/**
 * The Advanced Tools and Automation tabs of /support-tickets. Spec 2 section 2: fixed in-page sample figures, not
 * server data, and local only; nothing here calls the server, and each tab says "Sample". (Analytics is real:
 * AnalyticsTab.tsx.)
 */
import { useState } from 'react';
import { SampleLabel, useToast } from '@groupflow/shell-kit';
import { Dialog, DialogClose } from '@groupflow/shell-kit/dialog';
import { Select } from '@groupflow/shell-kit/select';

/** The sample lists show their values as they are. */
const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Spec 2 section 2's sample staff list of the Advanced Tools tab (the Analytics tab ranks real members). */
const TOP_STAFF = [
  { name: 'Sarah Johnson', resolved: 156, rating: 4.9 },
  { name: 'Mike Chen', resolved: 142, rating: 4.8 },
  { name: 'Emily Davis', resolved: 128, rating: 4.7 },
];

const QUICK_ACTIONS = [
  { name: 'Bulk Assign', done: 'Tickets assigned to available staff' },
  { name: 'AI Categorize', done: 'Tickets categorized' },
  { name: 'Priority Scan', done: 'Priority scan complete' },
  { name: 'Smart Reply', done: 'Smart replies drafted' },
] as const;
const CONTEXTS = [
  'Authentication Issue',
  'Billing Question',
  'Technical Problem',
  'Feature Request',
  'Account Management',
] as const;
const SIMULATED_DELAY_MS = 2000;
/** Spec 2 section 2: the non-functional filter row's lists. */
const PRIORITY_FILTER = ['low', 'medium', 'high', 'critical'] as const;
const STATUS_FILTER = ['open', 'in-progress', 'resolved', 'closed'] as const;

export function AdvancedToolsTab() {
  const toast = useToast();
  const [running, setRunning] = useState<string | null>(null);
  const [context, setContext] = useState<string>(CONTEXTS[0]);
  const run = (action: (typeof QUICK_ACTIONS)[number]) => {
    setRunning(action.name);
    toast({ title: `${action.name} started` });
    setTimeout(() => {
      setRunning(null);
      toast({ title: `${action.name} complete`, description: action.done, variant: 'success' });
    }, SIMULATED_DELAY_MS);
  };
  return (
    <section className="stack" aria-label="Advanced Tools">
      <p className="row muted small">
        <SampleLabel /> Example figures and simulated actions; nothing here changes tickets.
      </p>
      <div className="grid-3">
        <div className="card">
          <p className="muted small">AI Accuracy</p>
          <p className="sample-figure">96%</p>
        </div>
        <div className="card">
          <p className="muted small">Auto-resolved</p>
          <p className="sample-figure">342</p>
        </div>
        <div className="card">
          <p className="muted small">Time Saved</p>
          <p className="sample-figure">48h</p>
        </div>
      </div>
      <div className="card stack">
        <h3 className="card-title">Quick Actions</h3>
        <div className="row">
          {QUICK_ACTIONS.map((a) => (
            <button
              key={a.name}
              type="button"
              className="btn btn-outline"
              disabled={running !== null}
              onClick={() => run(a)}
            >
              {running === a.name ? 'Running...' : a.name}
            </button>
          ))}
        </div>
      </div>
      <div className="grid-2">
        <div className="card stack">
          <h3 className="card-title">AI Response Assistant</h3>
          <label className="label" htmlFor="ai-context">
            Ticket context
          </label>
          <Select id="ai-context" value={context} onValueChange={setContext} options={asOptions(CONTEXTS)} />
          <p className="muted small">
            Suggested reply for “{context}”: Thanks for reaching out — we are looking into this and will update you
            shortly.
          </p>
        </div>
        <div className="card stack">
          <h3 className="card-title">Staff Performance</h3>
          <ul className="sample-list">
            {TOP_STAFF.map((s) => (
              <li key={s.name} className="spread">
                <span>{s.name}</span>
                <span className="muted small">★ {s.rating}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="row" aria-label="Search and filters (sample)">
        <input className="input" type="search" aria-label="Search (sample)" placeholder="Search tickets..." />
        <Select aria-label="Priority filter" defaultValue={PRIORITY_FILTER[0]} options={asOptions(PRIORITY_FILTER)} />
        <Select aria-label="Status filter" defaultValue={STATUS_FILTER[0]} options={asOptions(STATUS_FILTER)} />
      </div>
    </section>
  );
}

const RULE_TRIGGERS = ['ticket_created', 'ticket_updated', 'ticket_resolved', 'time_based'] as const;
const RULE_ACTIONS = [
  'assign_to_staff',
  'escalate_ticket',
  'send_notification',
  'categorize_ticket',
  'send_survey',
] as const;

interface AutomationRule {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  trigger: (typeof RULE_TRIGGERS)[number];
  action: (typeof RULE_ACTIONS)[number];
  conditions: { field: string; operator: string; value: string }[];
  executionCount: number;
  lastExecuted: string | null;
}

const SAMPLE_RULES: AutomationRule[] = [
  {
    id: 1,
    name: 'Urgent ticket assignment',
    description: 'Assign urgent tickets to the on-duty lead',
    enabled: true,
    trigger: 'ticket_created',
    action: 'assign_to_staff',
    conditions: [{ field: 'priority', operator: 'equals', value: 'urgent' }],
    executionCount: 47,
    lastExecuted: '2 hours ago',
  },
  {
    id: 2,
    name: 'Stale ticket escalation',
    description: 'Escalate tickets without a reply for 24 hours',
    enabled: true,
    trigger: 'time_based',
    action: 'escalate_ticket',
    conditions: [{ field: 'hours_since_reply', operator: 'greater_than', value: '24' }],
    executionCount: 12,
    lastExecuted: '1 day ago',
  },
  {
    id: 3,
    name: 'Satisfaction survey',
    description: 'Send a survey when a ticket is resolved',
    enabled: false,
    trigger: 'ticket_resolved',
    action: 'send_survey',
    conditions: [],
    executionCount: 230,
    lastExecuted: '3 days ago',
  },
];

const TEMPLATES: Omit<AutomationRule, 'id' | 'enabled' | 'executionCount' | 'lastExecuted'>[] = [
  {
    name: 'Priority-based assignment',
    description: 'Route high-priority tickets to senior staff',
    trigger: 'ticket_created',
    action: 'assign_to_staff',
    conditions: [{ field: 'priority', operator: 'equals', value: 'high' }],
  },
  {
    name: 'Time-based escalation',
    description: 'Escalate tickets left open too long',
    trigger: 'time_based',
    action: 'escalate_ticket',
    conditions: [{ field: 'hours_open', operator: 'greater_than', value: '48' }],
  },
  {
    name: 'AI auto-categorization',
    description: 'Categorize new tickets automatically',
    trigger: 'ticket_created',
    action: 'categorize_ticket',
    conditions: [],
  },
  {
    name: 'Smart notifications',
    description: 'Notify staff when a customer replies',
    trigger: 'ticket_updated',
    action: 'send_notification',
    conditions: [],
  },
];

export function AutomationTab() {
  const toast = useToast();
  const [rules, setRules] = useState(SAMPLE_RULES);
  const [editing, setEditing] = useState<AutomationRule | null>(null);
  const toggle = (id: number) => setRules((all) => all.map((r) => (r.id === id ? { ...r, enabled: !r.enabled } : r)));
  const runNow = (rule: AutomationRule) => {
    setRules((all) =>
      all.map((r) => (r.id === rule.id ? { ...r, executionCount: r.executionCount + 1, lastExecuted: 'Just now' } : r)),
    );
    toast({ title: 'Rule executed', description: rule.name, variant: 'success' });
  };
  const addTemplate = (template: (typeof TEMPLATES)[number]) => {
    setRules((all) => [
      ...all,
      {
        ...template,
        id: Math.max(0, ...all.map((r) => r.id)) + 1,
        enabled: false,
        executionCount: 0,
        lastExecuted: null,
      },
    ]);
    toast({ title: 'Rule added', description: `${template.name} was added disabled` });
  };
  return (
    <section className="stack" aria-label="Automation">
      <p className="row muted small">
        <SampleLabel /> Example rules kept in this page only; they do not act on tickets.
      </p>
      <ul className="tickets-list">
        {rules.map((rule) => (
          <li key={rule.id} className="card stack">
            <div className="spread">
              <h3>{rule.name}</h3>
              <label className="row small">
                <input
                  type="checkbox"
                  role="switch"
                  checked={rule.enabled}
                  onChange={() => toggle(rule.id)}
                  aria-label={`Enable ${rule.name}`}
                />
                {rule.enabled ? 'Enabled' : 'Disabled'}
              </label>
            </div>
            <p className="muted">{rule.description}</p>
            <p className="small muted">
              Trigger: {rule.trigger} · Action: {rule.action} · Runs: {rule.executionCount} · Last:{' '}
              {rule.lastExecuted ?? 'Never'}
            </p>
            <div className="row">
              <button type="button" className="btn btn-outline" onClick={() => runNow(rule)} disabled={!rule.enabled}>
                Run Now
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setEditing(rule)}>
                Edit
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="card stack">
        <h3 className="card-title">Templates</h3>
        <div className="grid-2">
          {TEMPLATES.map((t) => (
            <button
              key={t.name}
              type="button"
              className="btn btn-outline sample-template"
              onClick={() => addTemplate(t)}
            >
              <strong>{t.name}</strong>
              <span className="small muted">{t.description}</span>
            </button>
          ))}
        </div>
      </div>
      {editing && (
        <Dialog title="Edit Rule" className="stack" onClose={() => setEditing(null)}>
          <label className="label" htmlFor="rule-name">
            Name
          </label>
          <input id="rule-name" className="input" defaultValue={editing.name} />
          <label className="label" htmlFor="rule-trigger">
            Trigger
          </label>
          <Select id="rule-trigger" defaultValue={editing.trigger} options={asOptions(RULE_TRIGGERS)} />
          <label className="label" htmlFor="rule-action">
            Action
          </label>
          <Select id="rule-action" defaultValue={editing.action} options={asOptions(RULE_ACTIONS)} />
          <div className="row tickets-dialog-actions">
            <DialogClose>
              <button type="button" className="btn btn-ghost">
                Close
              </button>
            </DialogClose>
          </div>
        </Dialog>
      )}
    </section>
  );
}
