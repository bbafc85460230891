import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { API, openCloudKeyBodySchema } from '@groupflow/core/contracts';
import { groupKey, groupParams, liveGroupRead, messageOf } from '../robloxApi.ts';
import { OWNER_OR_NAMED_RANKS } from './AutomationAuthorityCard.tsx';
import { when } from './format.ts';

/**
 * Settings' Open Cloud card: the group's API key for ranking. The server checks it with Roblox before keeping it
 * and never sends it back, so the card shows only whether one is set, its permissions and its lifetime: Roblox
 * stops accepting a key at the expiry its creator set or after days unused, and may refuse it (revoked). Every rank
 * change acts with this key, so only the owner or the ranks they named (`canReplace`) may save one.
 */
export function OpenCloudKeyCard({ groupId, canReplace }: { groupId: string; canReplace: boolean }) {
  const queryClient = useQueryClient();
  const status = useEndpointQuery(API.roblox.readOpenCloudKey, groupParams(groupId), liveGroupRead(groupId));
  const form = useZodForm(openCloudKeyBodySchema, { defaultValues: { apiKey: '' } });
  const save = useEndpointMutation(API.roblox.saveOpenCloudKey, {
    success: { title: 'Open Cloud key saved', description: 'Roblox accepted it for this group.', variant: 'success' },
    onSuccess: (next) => {
      queryClient.setQueryData(groupKey(API.roblox.readOpenCloudKey, groupId), next);
      form.reset();
    },
    onError: (error) =>
      form.setError('apiKey', { message: messageOf(error) ?? 'Failed to save the key. Please try again.' }),
  });
  return (
    <Card title="Ranking through Roblox Open Cloud">
      <QueryView query={status} loading="Loading the key status" error="Failed to load the key status.">
        {(data) =>
          data.set ? (
            <>
              <p className="row">
                {data.refusedAt ? (
                  <Badge tone="danger">Refused by Roblox</Badge>
                ) : (
                  <Badge tone="success">Key set</Badge>
                )}
                <span className="muted small">
                  {data.permissions.join(', ')} · saved {when(data.savedAt)}
                </span>
              </p>
              <p className="muted small" data-testid="open-cloud-key-lifetime">
                Last used {when(data.lastUsedAt)} ·{' '}
                {data.expiresAt ? `expires ${when(data.expiresAt)} (set in Roblox)` : 'no expiry set in Roblox'} ·
                Roblox stops accepting it on {when(data.lapsesAt)}
                {data.lapsesAt === data.expiresAt ? '.' : ', unless a rank change uses it before.'}
              </p>
              {data.refusedAt && (
                <p role="alert" className="small" style={{ color: 'var(--danger)' }}>
                  Roblox refused this key on {when(data.refusedAt)}: save a new one to rank members again.
                </p>
              )}
            </>
          ) : (
            <p className="row">
              <Badge tone="warning">No key</Badge>
              <span className="muted small">Ranking members needs a key.</span>
            </p>
          )
        }
      </QueryView>
      <p className="muted small">
        Create an API key under the group in Roblox's Creator Dashboard (Open Cloud, API Keys) with the Groups API, Read
        and Write. GroupFlow checks it with Roblox, keeps it encrypted and never shows it again.
      </p>
      {canReplace ? (
        <Form
          form={form}
          className="row"
          onSubmit={(body) => save.mutateAsync({ params: { groupId }, body }).catch(() => undefined)}
        >
          <Field
            control={form.control}
            name="apiKey"
            label={status.data?.set ? 'Replace the key' : 'API key'}
            className="rb-grow"
          >
            {(control) => <input className="input" type="password" autoComplete="off" {...control} />}
          </Field>
          <SubmitButton pendingLabel="Checking with Roblox...">Save key</SubmitButton>
        </Form>
      ) : (
        <p className="muted small">{OWNER_OR_NAMED_RANKS} save or replace the key.</p>
      )}
    </Card>
  );
}
