import { useEndpointMutation } from '@groupflow/shell-kit';
import { Field, Form, SubmitButton, useZodForm, type FormValues } from '@groupflow/shell-kit/form';
import { API, findMyTicketSchema } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

type Values = FormValues<typeof findMyTicketSchema>;

/**
 * "Find my ticket" (issue 36): the chat link is the only way back to a ticket, so a visitor who lost it asks for it
 * again by email and ticket number. The server mails it to the ticket's own address; this form never shows it.
 */
export function FindMyTicket() {
  const form = useZodForm(findMyTicketSchema, { defaultValues: { email: '', ticketId: '' } });
  const find = useEndpointMutation(API.support.findMyTicket, {
    onError: (error) =>
      form.setError('root', { message: errorText(error) ?? 'Could not send the link. Please try again.' }),
  });
  return (
    <Form
      form={form}
      className="card stack"
      aria-label="Find my ticket"
      onSubmit={(body: Values) => find.mutateAsync({ body }).catch(() => undefined)}
    >
      <h2 className="card-title">Find my ticket</h2>
      <p className="muted">
        Lost the link to your support chat? Enter the email address you filed the ticket with and its number (in the
        confirmation mail&apos;s subject), and we&apos;ll email the link to that address.
      </p>
      <div className="grid-2">
        <Field control={form.control} name="email" label="Email address">
          {(control) => <input className="input" type="email" autoComplete="email" {...control} />}
        </Field>
        <Field control={form.control} name="ticketId" label="Ticket number">
          {(control) => <input className="input" inputMode="numeric" autoComplete="off" {...control} />}
        </Field>
      </div>
      {form.formState.errors.root && (
        <p className="field-error" role="alert">
          {form.formState.errors.root.message}
        </p>
      )}
      {find.data && (
        <p role="status" className="muted">
          {find.data.message}
        </p>
      )}
      <SubmitButton pendingLabel="Sending...">Email me the link</SubmitButton>
    </Form>
  );
}
