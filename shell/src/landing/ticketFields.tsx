import type { ReactNode, Ref } from 'react';
import type { FieldAria } from '@groupflow/shell-kit';
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, type PublicTicketInput } from '@groupflow/core/contracts';

// The ticket form's fields, drawn the same way by the draft (before react-hook-form and zod load) and by the form.

export type TicketField = keyof PublicTicketInput;

export const EMPTY_TICKET: PublicTicketInput = { name: '', email: '', subject: '', message: '', priority: 'medium' };

export const TICKET_LABELS: Record<TicketField, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  priority: 'Priority',
  message: 'Message',
};

const REQUIRED_FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Spec 1 section 8: the submit stays disabled while a required field is empty. */
export function missingRequiredField(values: Partial<PublicTicketInput>): boolean {
  return REQUIRED_FIELDS.some((field) => (values[field] ?? '').trim() === '');
}

export interface TicketControlProps extends FieldAria {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
  disabled?: boolean;
  ref?: Ref<never>;
}

/** The control of one field: its element, type, autocomplete and placeholder. */
export function TicketControl({ field, ...control }: TicketControlProps & { field: TicketField }) {
  switch (field) {
    case 'name':
      return <input className="input" type="text" autoComplete="name" required placeholder="Your name" {...control} />;
    case 'email':
      return (
        <input
          className="input"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...control}
        />
      );
    case 'subject':
      return (
        <input className="input" type="text" required placeholder="Brief description of your issue" {...control} />
      );
    case 'priority':
      return (
        <select className="select" {...control}>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {TICKET_PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
      );
    case 'message':
      return <textarea className="textarea" required placeholder="Describe your issue in detail..." {...control} />;
  }
}

/** The layout: name and email side by side, then subject, priority, message and the submit button. */
export function TicketFormLayout({ field, submit }: { field: (name: TicketField) => ReactNode; submit: ReactNode }) {
  return (
    <>
      <div className="grid-2 landing-form-grid">
        {field('name')}
        {field('email')}
      </div>
      {field('subject')}
      {field('priority')}
      {field('message')}
      {submit}
    </>
  );
}
