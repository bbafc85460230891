import { HttpError, useEndpointMutation, useToast, type EndpointArgs } from '@groupflow/shell-kit';
import { API, LEGAL_KIND_ENDPOINTS, type LegalKind } from '@groupflow/core/contracts';
import { CustomerField } from '@groupflow/shell-kit/customer-accounts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { applyServerIssues, Field, Form, FormError, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { errorText } from '../errorTexts.ts';
import { CREATE_FORMS, optionLabel, type CreateValues } from './kinds.ts';

/** The customer's id as the picker holds it ('' for none); the schemas leave it out, the submit adds it. */
const CUSTOMER_FIELD = 'customerId';

const initialValues = (kind: LegalKind): CreateValues => ({
  ...Object.fromEntries(CREATE_FORMS[kind].fields.map((field) => [field.name, field.initial ?? ''])),
  ...(CREATE_FORMS[kind].namesCustomer ? { [CUSTOMER_FIELD]: '' } : {}),
});

/** One create dialog of spec 2 section 2, validated by the schema the server uses; closes after a created record. */
export function CreateDialog({ kind, onClose }: { kind: LegalKind; onClose: () => void }) {
  const spec = CREATE_FORMS[kind];
  const toast = useToast();
  const form = useZodForm(spec.schema, { defaultValues: initialValues(kind) });
  const calls = LEGAL_KIND_ENDPOINTS[kind];

  const create = useEndpointMutation(calls.createLegalRecord, {
    invalidates: [calls.listLegalRecords, API.legal.summarizeLegalAffairs],
    success: spec.success,
    onSuccess: onClose,
    onError: (error) => {
      // The picked account was deleted meanwhile: said under the picker in the words of its error code.
      const customerIssue =
        error instanceof HttpError ? error.issues.find((issue) => issue.path[0] === CUSTOMER_FIELD) : undefined;
      if (customerIssue)
        form.setError(CUSTOMER_FIELD, { type: 'server', message: errorText(error) ?? customerIssue.message });
      // A rule only the server knows still shows under its input; anything else is a toast.
      else if (!applyServerIssues(form, error))
        toast({
          title: `Failed to ${spec.submit.toLowerCase()}`,
          description: errorText(error),
          variant: 'destructive',
        });
    },
  });

  return (
    <Dialog title={spec.title} onClose={onClose}>
      <Form
        form={form}
        onSubmit={(body) => {
          const customerId = form.getValues(CUSTOMER_FIELD);
          // The form's schema is the endpoint's own body schema, chosen by kind.
          return create
            .mutateAsync({
              body: customerId ? { ...body, customerId: Number(customerId) } : body,
            } as EndpointArgs<typeof calls.createLegalRecord>)
            .catch(() => undefined);
        }}
      >
        <FormError />
        {spec.fields.map((field) =>
          field.control === 'select' ? (
            <SelectField
              control={form.control}
              key={field.name}
              name={field.name}
              label={field.label}
              placeholder={field.placeholder}
              options={(field.options ?? []).map((option) => ({ value: option, label: optionLabel(option) }))}
            />
          ) : (
            <Field control={form.control} key={field.name} name={field.name} label={field.label}>
              {(control) =>
                field.control === 'textarea' ? (
                  <textarea className="textarea" rows={4} placeholder={field.placeholder} {...control} />
                ) : (
                  <input className="input" placeholder={field.placeholder} {...control} />
                )
              }
            </Field>
          ),
        )}
        {spec.namesCustomer && <CustomerField control={form.control} name={CUSTOMER_FIELD} />}
        <DialogActions onCancel={onClose} label={spec.submit} pendingLabel={spec.pending} pending={create.isPending} />
      </Form>
    </Dialog>
  );
}
