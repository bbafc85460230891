import { Button, useEndpointMutation } from '@groupflow/shell-kit';
import { API, newSessionFormSchema, SESSION_TYPES } from '@groupflow/core/contracts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm, NumberInput } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { groupKey, messageOf } from '../robloxApi.ts';

/**
 * The workspace's Schedule Session dialog (spec 1 section 2.12): a training, recruitment, meeting or patrol with
 * its time, length and slots. Hosts take their seat afterwards, as their rank allows.
 */
export function ScheduleDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const form = useZodForm(newSessionFormSchema, {
    defaultValues: { title: '', type: 'training', startsAt: '', durationMinutes: 60, slots: 10 },
  });
  const create = useEndpointMutation(API.roblox.scheduleSession, {
    invalidates: [
      groupKey(API.roblox.listSessions, groupId),
      groupKey(API.roblox.listTraining, groupId),
      groupKey(API.roblox.readGroupStats, groupId),
    ],
    success: (_, { body }) => ({ title: 'Session Scheduled', description: body.title, variant: 'success' }),
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to schedule the session',
      variant: 'destructive',
    }),
    onSuccess: onClose,
  });
  const [title, startsAt] = form.watch(['title', 'startsAt']);
  return (
    <Dialog title="Schedule Session" onClose={onClose}>
      <Form
        form={form}
        className="stack"
        onSubmit={(body) => create.mutateAsync({ params: { groupId }, body }).catch(() => undefined)}
      >
        <Field control={form.control} name="title" label="Title">
          {(control) => <input className="input" {...control} />}
        </Field>
        <SelectField
          control={form.control}
          name="type"
          label="Type"
          options={SESSION_TYPES.map((value) => ({ value, label: value }))}
        />
        <Field control={form.control} name="startsAt" label="When">
          {(control) => <input className="input" type="datetime-local" {...control} />}
        </Field>
        <div className="grid-2">
          <Field control={form.control} name="durationMinutes" label="Minutes">
            {(control) => <NumberInput control={control} min={5} />}
          </Field>
          <Field control={form.control} name="slots" label="Slots">
            {(control) => <NumberInput control={control} min={1} />}
          </Field>
        </div>
        <div className="row rb-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton disabled={!title?.trim() || !startsAt} pendingLabel="Scheduling...">
            Schedule
          </SubmitButton>
        </div>
        {(!title?.trim() || !startsAt) && (
          <p className="muted small">Give the session a title and a time to schedule it.</p>
        )}
      </Form>
    </Dialog>
  );
}
