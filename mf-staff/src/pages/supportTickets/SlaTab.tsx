import { QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import {
  applyServerIssues,
  Field,
  Form,
  FormError,
  NumberInput,
  SubmitButton,
  useZodForm,
} from '@groupflow/shell-kit/form';
import { API, permissionsOf, slaPoliciesSchema, type SlaPoliciesWire, type StaffUser } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

const PRIORITY_NAMES: Record<SlaPoliciesWire['policies'][number]['priority'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** The form once the targets are loaded, so its defaults are the desk's. */
function SlaForm({ current, mayEdit }: { current: SlaPoliciesWire; mayEdit: boolean }) {
  const form = useZodForm(slaPoliciesSchema, { defaultValues: current });
  const save = useEndpointMutation(API.support.replaceSlaPolicies, {
    invalidates: [API.support.readSlaPolicies, API.support.listTickets],
    success: 'SLA targets saved',
    onError: (error) => {
      if (!applyServerIssues(form, error))
        form.setError('root', { type: 'server', message: errorText(error) ?? 'Could not save the targets.' });
    },
  });
  return (
    <Form form={form} onSubmit={(body) => save.mutateAsync({ body }).catch(() => undefined)} className="stack">
      <div className="sla-grid" role="group" aria-label="Targets by priority">
        {current.policies.map((policy, index) => (
          <fieldset key={policy.priority} className="card sla-policy" disabled={!mayEdit}>
            <legend className="sla-priority">{PRIORITY_NAMES[policy.priority]}</legend>
            <Field
              control={form.control}
              name={`policies.${index}.firstResponseMinutes`}
              label="First reply within (minutes)"
            >
              {(control) => <NumberInput control={control} min={1} />}
            </Field>
            <Field control={form.control} name={`policies.${index}.resolutionHours`} label="Resolved within (hours)">
              {(control) => <NumberInput control={control} min={1} />}
            </Field>
          </fieldset>
        ))}
      </div>
      <FormError />
      {mayEdit ? (
        <div className="row">
          <SubmitButton pendingLabel="Saving...">Save targets</SubmitButton>
        </div>
      ) : (
        <p className="muted small" role="note">
          Only customer support directors and the platform owner change the targets.
        </p>
      )}
    </Form>
  );
}

/**
 * The SLA tab of /support-tickets (issue 39): how fast each priority gets its first reply and its resolution. A
 * ticket past either target is marked in the list, and the customer support directors get a mail, once.
 */
export function SlaTab({ user }: { user: StaffUser }) {
  const policies = useEndpointQuery(API.support.readSlaPolicies);
  return (
    <section className="stack" aria-label="SLA">
      <p className="muted small">
        The first staff reply the customer sees stops the first-reply clock; resolving or closing a ticket stops the
        other. Private notes do not count as a reply.
      </p>
      <QueryView
        query={policies}
        loading="Loading SLA targets..."
        error={(error) => errorText(error) ?? 'Could not load the SLA targets.'}
      >
        {(current) => <SlaForm current={current} mayEdit={permissionsOf(user.role).includes('tickets.sla')} />}
      </QueryView>
    </section>
  );
}
