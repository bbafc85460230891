import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, apiClient, useToast } from '@groupflow/shell-kit';
import { scheduleSessionFormSchema, TRAINING_TYPES, type NewTrainingSession } from '@groupflow/core/contracts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm, type FormValues } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { api, messageOf, robloxKeys } from './robloxApi.ts';

type ScheduleForm = FormValues<typeof scheduleSessionFormSchema>;

/** The workspace's Schedule Session dialog (spec 1 section 2.12): a training session, recruitment or meeting. */
export function ScheduleDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useZodForm(scheduleSessionFormSchema, {
    defaultValues: { title: '', hostName: '', type: 'training', participantCount: 0, scheduledAt: '' },
  });
  const create = useMutation({
    mutationFn: (body: NewTrainingSession) => apiClient.call(api.createTraining, { params: { groupId }, body }),
    onSuccess: async (_, body) => {
      toast({ title: 'Session Scheduled', description: body.title, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: robloxKeys.group(groupId, 'training') });
      await queryClient.invalidateQueries({ queryKey: robloxKeys.group(groupId, 'stats') });
      onClose();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: messageOf(error) ?? 'Failed to schedule the session',
        variant: 'destructive',
      }),
  });
  const [title, hostName] = form.watch(['title', 'hostName']);
  return (
    <Dialog title="Schedule Session" onClose={onClose}>
      <Form form={form} className="stack" onSubmit={(body) => create.mutateAsync(body).catch(() => undefined)}>
        <Field<ScheduleForm> name="title" label="Title">
          {(control) => <input className="input" {...control} />}
        </Field>
        <Field<ScheduleForm> name="hostName" label="Host">
          {(control) => <input className="input" {...control} />}
        </Field>
        <SelectField<ScheduleForm>
          name="type"
          label="Type"
          options={TRAINING_TYPES.map((value) => ({ value, label: value }))}
        />
        <Field<ScheduleForm> name="scheduledAt" label="When">
          {(control) => <input className="input" type="datetime-local" {...control} />}
        </Field>
        <div className="row rb-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton disabled={!title?.trim() || !hostName?.trim()} pendingLabel="Scheduling...">
            Schedule
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
