import { useEffect } from 'react';
import type { z } from 'zod';
import { Button, endpointKey, QueryView, useEndpointMutation, useEndpointQuery, useToast } from '@groupflow/shell-kit';
import {
  applyServerIssues,
  Field,
  Form,
  FormError,
  SubmitButton,
  useZodForm,
  type FormValues,
} from '@groupflow/shell-kit/form';
import { Select } from '@groupflow/shell-kit/select';
import { API, restrictionsSchema } from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../errorTexts.ts';
import { NONE } from './serverPickers.tsx';

type Restrictions = FormValues<typeof restrictionsSchema>;
type Saved = z.output<typeof restrictionsSchema>;

function RestrictionsForm({
  serverId,
  initial,
  onDraft,
}: {
  serverId: string;
  initial: Restrictions;
  onDraft: (values: Restrictions | null) => void;
}) {
  const toast = useToast();
  const call = { params: { id: serverId } };
  const form = useZodForm(restrictionsSchema, { defaultValues: initial });
  const groups = useEndpointQuery(API.roblox.listConnectedGroups);
  // The tab's panel unmounts when another tab opens: what was typed waits with the dialog.
  useEffect(() => () => onDraft(form.getValues()), [form, onDraft]);
  const save = useEndpointMutation(API.servers.replaceServerRestrictions, {
    invalidates: [
      endpointKey(API.servers.readServerRestrictions, call),
      endpointKey(API.servers.readServerSyncProgress, call),
    ],
    success: { title: 'Restrictions Saved', description: 'A server-wide sync is applying them to every member.' },
    onSuccess: (saved: Saved) => form.reset(saved),
    onError: (error) => {
      if (!applyServerIssues(form, error))
        toast(failureToast('Restrictions Not Saved', 'Could not save the restrictions.')(error));
    },
  });
  const banned = form.watch('bannedRobloxIds') ?? [];
  const required = form.watch('requireGroupId') ?? null;
  const groupOptions = [
    { value: NONE, label: 'None' },
    ...(required && !groups.data?.some((group) => group.groupId === required)
      ? [{ value: required, label: `Group ${required}` }]
      : []),
    ...(groups.data ?? []).map((group) => ({ value: group.groupId, label: `${group.name} (${group.groupId})` })),
  ];
  const setBanned = (list: Restrictions['bannedRobloxIds']) =>
    form.setValue('bannedRobloxIds', list, { shouldDirty: true });

  return (
    <Form form={form} onSubmit={(values) => save.mutate({ ...call, body: values })} aria-label="Restrictions">
      <div className="stack">
        <p className="field-hint">
          A restricted member gets no bound role, holds the unverified role, and /verify tells them why.
        </p>
        <FormError />
        <div className="cs-bind-fields">
          <Field
            control={form.control}
            name="minAccountAgeDays"
            label="Minimum account age (days)"
            hint="By the Roblox account's creation date; 0 for none."
          >
            {({ onChange, value, ...control }) => (
              <input
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                {...control}
                // A cleared box is NaN to the form (the schema names it); the box shows it empty.
                value={Number.isNaN(value) ? '' : value}
                onChange={(event) => onChange(event.target.valueAsNumber)}
              />
            )}
          </Field>
          <Field
            control={form.control}
            name="requireGroupId"
            label="Required group"
            hint="Only its members may verify."
          >
            {({ onChange, value, ref, onBlur, disabled, id, ...aria }) => (
              <Select
                ref={ref}
                id={id}
                aria-invalid={aria['aria-invalid']}
                aria-describedby={aria['aria-describedby']}
                onBlur={onBlur}
                disabled={disabled}
                options={groupOptions}
                value={value || NONE}
                onValueChange={(groupId) => onChange(groupId === NONE ? null : groupId)}
              />
            )}
          </Field>
        </div>
        <h3 className="label cs-section-title">Banned Roblox accounts</h3>
        {banned.length === 0 && <p className="muted small">No banned accounts.</p>}
        {banned.map((_, index) => (
          <div key={index} className="cs-banned" role="group" aria-label={`Banned account ${index + 1}`}>
            <Field control={form.control} name={`bannedRobloxIds.${index}.robloxId`} label="Roblox user id">
              {(control) => <input className="input" inputMode="numeric" {...control} />}
            </Field>
            <Field control={form.control} name={`bannedRobloxIds.${index}.reason`} label="Reason">
              {(control) => <input className="input" {...control} />}
            </Field>
            <Button
              variant="outline"
              className="cs-banned-remove"
              aria-label={`Remove banned account ${index + 1}`}
              onClick={() => setBanned(form.getValues('bannedRobloxIds').filter((__, at) => at !== index))}
            >
              Remove
            </Button>
          </div>
        ))}
        <div className="row">
          <Button
            variant="outline"
            onClick={() => setBanned([...form.getValues('bannedRobloxIds'), { robloxId: '', reason: '' }])}
          >
            Ban an account
          </Button>
        </div>
        <div className="row cs-binds-actions">
          <SubmitButton pending={save.isPending} pendingLabel="Saving...">
            Save restrictions
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}

/** Who may verify in the server (issue 35 point 3): account age, a required group, banned Roblox accounts. */
export function RestrictionsEditor({
  serverId,
  draft,
  onDraft,
}: {
  serverId: string;
  draft: Restrictions | null;
  onDraft: (values: Restrictions | null) => void;
}) {
  const restrictions = useEndpointQuery(API.servers.readServerRestrictions, { params: { id: serverId } });
  return (
    <QueryView
      query={restrictions}
      loading="Loading restrictions..."
      error={(error) => errorText(error) ?? 'Could not load the restrictions.'}
    >
      {(answer) => <RestrictionsForm serverId={serverId} initial={draft ?? answer} onDraft={onDraft} />}
    </QueryView>
  );
}

export type { Restrictions };
