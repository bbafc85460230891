import { useState } from 'react';
import { Button, errorCode, QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { AlertDialog, Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { applyServerIssues, Field, Form, FormError, useZodForm } from '@groupflow/shell-kit/form';
import {
  API,
  cannedResponseInputSchema,
  type CannedResponseInputWire,
  type CannedResponseWire,
} from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

const PLACEHOLDER_HELP =
  'The text may name {{customer.name}}, {{ticket.id}} and {{agent.name}}; they are filled in when posted.';

/** Create or edit one canned response; a short code another response has is said under the field. */
function CannedResponseDialog({ editing, onClose }: { editing: CannedResponseWire | null; onClose: () => void }) {
  const form = useZodForm(cannedResponseInputSchema, {
    defaultValues: editing
      ? { shortCode: editing.shortCode, title: editing.title, body: editing.body }
      : { shortCode: '', title: '', body: '' },
  });
  const onError = (error: unknown) => {
    if (errorCode(error) === 'SUPPORT.SHORT_CODE_TAKEN') {
      form.setError('shortCode', { type: 'server', message: errorText(error) }, { shouldFocus: true });
    } else if (!applyServerIssues(form, error)) {
      form.setError('root', { type: 'server', message: errorText(error) ?? 'Could not save the response.' });
    }
  };
  const options = { invalidates: [API.support.listCannedResponses], onError };
  const create = useEndpointMutation(API.support.createCannedResponse, {
    ...options,
    success: 'Canned response added',
  });
  const update = useEndpointMutation(API.support.updateCannedResponse, {
    ...options,
    success: 'Canned response saved',
  });
  const save = (body: CannedResponseInputWire) =>
    (editing ? update.mutateAsync({ params: { id: editing.id }, body }) : create.mutateAsync({ body })).then(
      onClose,
      () => undefined,
    );

  return (
    <Dialog
      title={editing ? 'Edit canned response' : 'New canned response'}
      description="Type / and its short code in a ticket chat to post it."
      onClose={onClose}
    >
      <Form form={form} onSubmit={save} className="stack">
        <Field control={form.control} name="shortCode" label="Short code" hint="Lowercase letters, digits and dashes">
          {(control) => <input className="input" placeholder="refund-sent" autoComplete="off" {...control} />}
        </Field>
        <Field control={form.control} name="title" label="Title">
          {(control) => <input className="input" placeholder="Refund sent" {...control} />}
        </Field>
        <Field control={form.control} name="body" label="Text" hint={PLACEHOLDER_HELP}>
          {(control) => <textarea className="textarea" rows={5} placeholder="Hi {{customer.name}}, ..." {...control} />}
        </Field>
        <FormError />
        <DialogActions
          onCancel={onClose}
          label={editing ? 'Save' : 'Add response'}
          pendingLabel="Saving..."
          pending={create.isPending || update.isPending}
        />
      </Form>
    </Dialog>
  );
}

/** The Canned Responses tab of /support-tickets (issue 39): the answers staff post by short code. */
export function CannedResponsesTab() {
  const responses = useEndpointQuery(API.support.listCannedResponses);
  const [editing, setEditing] = useState<CannedResponseWire | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedResponseWire | null>(null);
  const remove = useEndpointMutation(API.support.deleteCannedResponse, {
    invalidates: [API.support.listCannedResponses],
    success: 'Canned response deleted',
    failure: (error) => ({ title: 'Could not delete', description: errorText(error), variant: 'destructive' }),
  });

  return (
    <section className="stack" aria-label="Canned Responses">
      <div className="spread">
        <p className="muted small">{PLACEHOLDER_HELP}</p>
        <Button onClick={() => setEditing('new')}>New response</Button>
      </div>
      <QueryView
        query={responses}
        loading="Loading canned responses..."
        error={(error) => errorText(error) ?? 'Could not load canned responses.'}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="card center stack">
            <h3>No canned responses yet</h3>
            <p className="muted">Add the answers your team gives again and again, then type / in a chat to use them.</p>
          </div>
        }
      >
        {(list) => (
          <ul className="tickets-list">
            {list.map((response) => (
              <li key={response.id} className="card stack">
                <div className="spread">
                  <h3>
                    <code>/{response.shortCode}</code> {response.title}
                  </h3>
                  <span className="row">
                    <Button variant="outline" onClick={() => setEditing(response)}>
                      Edit
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(response)}>
                      Delete
                    </Button>
                  </span>
                </div>
                <p className="tickets-desc">{response.body}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {editing && (
        <CannedResponseDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <AlertDialog
          title="Delete canned response?"
          description={`/${deleting.shortCode} “${deleting.title}” will be deleted. Replies already posted keep their text.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ params: { id: deleting.id } }, { onSettled: () => setDeleting(null) })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
