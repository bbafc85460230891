import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, HttpError, queryKeys, useToast } from '@groupflow/shell-kit';
import type { LegalKind } from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Field, Form, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { CREATE_FORMS, listPath, optionLabel, serverFieldErrors, type CreateValues } from './kinds.ts';

const initialValues = (kind: LegalKind): CreateValues =>
  Object.fromEntries(CREATE_FORMS[kind].fields.map((field) => [field.name, field.initial ?? '']));

/** One create dialog of spec 2 section 2, validated by the schema the server uses; closes after a created record. */
export function CreateDialog({ kind, onClose }: { kind: LegalKind; onClose: () => void }) {
  const spec = CREATE_FORMS[kind];
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(spec.schema, { defaultValues: initialValues(kind) });

  const create = useMutation({
    mutationFn: (body: unknown) => apiJson<unknown>(listPath(kind), 'POST', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.legal.records(kind) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.legal.summary() });
      toast({ title: spec.success, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      // A rule only the server knows still shows under its input; anything else is a toast.
      const fromServer = Object.entries(serverFieldErrors(error));
      for (const [name, message] of fromServer) form.setError(name, { message });
      if (fromServer.length === 0) {
        toast({
          title: `Failed to ${spec.submit.toLowerCase()}`,
          description: error instanceof HttpError ? error.serverMessage : undefined,
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <Dialog title={spec.title} onClose={onClose}>
      <Form form={form} onSubmit={(body) => create.mutateAsync(body).catch(() => undefined)}>
        {spec.fields.map((field) =>
          field.control === 'select' ? (
            <SelectField<CreateValues>
              key={field.name}
              name={field.name}
              label={field.label}
              placeholder={field.placeholder}
              options={(field.options ?? []).map((option) => ({ value: option, label: optionLabel(option) }))}
            />
          ) : (
            <Field<CreateValues> key={field.name} name={field.name} label={field.label}>
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
        <DialogActions onCancel={onClose} label={spec.submit} pendingLabel={spec.pending} pending={create.isPending} />
      </Form>
    </Dialog>
  );
}
