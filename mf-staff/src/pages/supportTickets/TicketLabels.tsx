import { useEndpointMutation } from '@groupflow/shell-kit';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { applyServerIssues, Field, Form, FormError, useZodForm } from '@groupflow/shell-kit/form';
import { API, ticketLabelsFormSchema, type Ticket } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

/** A ticket's labels as chips (issue 39); nothing when it has none. */
export function LabelChips({ labels, onPick }: { labels: readonly string[]; onPick?: (label: string) => void }) {
  if (labels.length === 0) return null;
  return (
    <ul className="row tickets-labels" aria-label="Labels">
      {labels.map((label) => (
        <li key={label}>
          {onPick ? (
            <button
              type="button"
              className="badge tickets-label"
              onClick={() => onPick(label)}
              aria-label={`Show tickets labelled ${label}`}
            >
              {label}
            </button>
          ) : (
            <span className="badge tickets-label">{label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Edits one ticket's labels: staff's own, never shown to the customer. */
export function TicketLabelsDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const form = useZodForm(ticketLabelsFormSchema, { defaultValues: { labels: ticket.labels.join(', ') } });
  const save = useEndpointMutation(API.support.setTicketLabels, {
    invalidates: [API.support.listTickets],
    success: 'Labels saved',
    onError: (error) => {
      if (!applyServerIssues(form, error))
        form.setError('root', { type: 'server', message: errorText(error) ?? 'Could not save the labels.' });
    },
  });
  return (
    <Dialog
      title="Edit labels"
      description={`${ticket.title}: for staff only, never shown to the customer.`}
      onClose={onClose}
    >
      <Form
        form={form}
        onSubmit={({ labels }) =>
          save.mutateAsync({ params: { id: ticket.id }, body: { labels } }).then(onClose, () => undefined)
        }
        className="stack"
      >
        <Field
          control={form.control}
          name="labels"
          label="Labels"
          hint="Separate labels with commas, e.g. billing, vip"
        >
          {(control) => <input className="input" autoComplete="off" autoFocus {...control} />}
        </Field>
        <FormError />
        <DialogActions onCancel={onClose} label="Save labels" pendingLabel="Saving..." pending={save.isPending} />
      </Form>
    </Dialog>
  );
}
