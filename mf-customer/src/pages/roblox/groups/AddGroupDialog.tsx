import { useQueryClient } from '@tanstack/react-query';
import { Button, useEndpointMutation, useToast } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { SwitchField } from '@groupflow/shell-kit/switch-field';
import { API, connectGroupSchema } from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { connectFailureText, groupWithDefaults, invalidateRoblox, messageOf } from '../robloxApi.ts';

const ADD_GROUP_FLAGS = [
  ['activityTracking', 'Activity tracking'],
  ['autoRank', 'Auto rank'],
  ['quotaSystem', 'Quota system'],
] as const;

/** "Add Roblox Group" (spec 1 section 2.13): a group id and its three feature flags. */
export function AddGroupDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(connectGroupSchema, {
    defaultValues: groupWithDefaults(''),
  });
  const add = useEndpointMutation(API.roblox.connectGroup, {
    success: 'Group Added Successfully',
    failure: (error) => ({
      title: 'Connection Failed',
      description: messageOf(error)
        ? connectFailureText(error)
        : 'Failed to connect the Roblox group. Please check the Group ID and try again.',
      variant: 'destructive',
    }),
    onSuccess: async () => {
      await invalidateRoblox(queryClient);
      onClose();
    },
  });
  return (
    <Dialog title="Add Roblox Group" onClose={onClose}>
      <Form
        form={form}
        className="stack"
        onSubmit={(body) => add.mutateAsync({ body }).catch(() => undefined)}
        onInvalid={() =>
          toast({
            title: 'Invalid Group ID',
            description: 'Please enter a valid Roblox Group ID.',
            variant: 'destructive',
          })
        }
      >
        <Field control={form.control} name="groupId" label="Group ID">
          {(control) => <input className="input" inputMode="numeric" {...control} />}
        </Field>
        {ADD_GROUP_FLAGS.map(([flag, label]) => (
          <SwitchField key={flag} control={form.control} name={flag} label={label} />
        ))}
        <div className="row rb-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pendingLabel="Adding...">Add Group</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
