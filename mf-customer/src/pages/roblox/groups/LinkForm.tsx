import { Link } from '@groupflow/shell-kit/router';
import { useQueryClient } from '@tanstack/react-query';
import { Card, useEndpointMutation } from '@groupflow/shell-kit';
import { API, linkRobloxSchema } from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { USER_KEY } from '../../../shared/session.ts';
import { invalidateRoblox, linkFailureText } from '../robloxApi.ts';

/** Spec 1 section 2.13: with no Roblox account linked, the groups page asks for the username (section 5). */
export function LinkForm() {
  const queryClient = useQueryClient();
  const form = useZodForm(linkRobloxSchema, { defaultValues: { username: '' } });
  const link = useEndpointMutation(API.roblox.linkRobloxAccount, {
    invalidates: [USER_KEY],
    success: 'Roblox Account Linked!',
    failure: (error) => ({ title: 'Link Failed', description: linkFailureText(error), variant: 'destructive' }),
    onSuccess: () => invalidateRoblox(queryClient),
  });
  return (
    <Card title="Link your Roblox account">
      <Form form={form} className="row" onSubmit={(body) => link.mutateAsync({ body }).catch(() => undefined)}>
        <Field control={form.control} name="username" label="Roblox username" className="rb-grow">
          {(control) => <input className="input" placeholder="Roblox username" {...control} />}
        </Field>
        <SubmitButton disabled={!form.watch('username')?.trim()} pendingLabel="Linking...">
          Link Account
        </SubmitButton>
      </Form>
      <p className="muted small">
        Then prove it on <Link to="/verify">the verification page</Link> to manage your groups.
      </p>
    </Card>
  );
}
