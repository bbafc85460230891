import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, QueryView, useEndpointMutation, useEndpointQuery, useToast } from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Switch } from '@groupflow/shell-kit/switch';
import {
  API,
  ACTIVITY_KEY_PLACEHOLDER,
  activityLuauScript,
  authorizedRoleFormSchema,
  QUICK_ADD_ROLES,
  type EndpointBody,
  type Rank,
  type WorkspaceSettings,
} from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { groupKey, groupParams, liveGroupRead, messageOf } from '../robloxApi.ts';
import { OpenCloudKeyCard } from './OpenCloudKeyCard.tsx';
import { BindToServerCard } from './BindToServerCard.tsx';
import { AutomationAuthorityCard, OWNER_OR_NAMED_RANKS } from './AutomationAuthorityCard.tsx';

/**
 * Settings (spec 1 sections 2.12 and 2.13): the feature switches, the bot integration, the group's Open Cloud key,
 * who may change automatic promotion and the keys (issue 33), who may open the workspace (section 6) and the game's
 * tracking script with its activity key.
 */
export function SettingsTab({ groupId }: { groupId: string }) {
  const settings = useEndpointQuery(API.roblox.readWorkspaceSettings, groupParams(groupId), liveGroupRead(groupId));
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(groupId), { retry: 2 });
  return (
    <QueryView
      query={settings}
      loading="Loading settings..."
      error={(error) => messageOf(error) ?? 'Failed to load the settings.'}
    >
      {(current) => <SettingsCards groupId={groupId} current={current} ranks={ranks.data ?? []} />}
    </QueryView>
  );
}

/** The tab once its settings are known; a rotated key lives here while the tab stays open. */
function SettingsCards({
  groupId,
  current,
  ranks,
}: {
  groupId: string;
  current: WorkspaceSettings;
  /** The group's ranks: role names for the role field's suggestions and checks, ranks to name (none until they load). */
  ranks: Rank[];
}) {
  const roleNames = ranks.map((rank) => rank.rankName);
  const queryClient = useQueryClient();
  const toast = useToast();
  const roleForm = useZodForm(authorizedRoleFormSchema, { defaultValues: { role: '' } });
  const [rotating, setRotating] = useState(false);
  // A rotated key is answered once and kept only here, for this visit of the tab: the server stores its hash.
  const [newKey, setNewKey] = useState<string | null>(null);
  const save = useEndpointMutation(API.roblox.updateWorkspaceSettings, {
    success: ({ activityKey }) => ({
      title: activityKey ? 'Activity key rotated' : 'Settings Saved',
      variant: 'success',
    }),
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to save the settings',
      variant: 'destructive',
    }),
    onSuccess: ({ activityKey, ...next }: WorkspaceSettings) => {
      queryClient.setQueryData(groupKey(API.roblox.readWorkspaceSettings, groupId), next);
      if (activityKey) setNewKey(activityKey);
      setRotating(false);
    },
  });
  const change = (body: EndpointBody<typeof API.roblox.updateWorkspaceSettings>) =>
    save.mutate({ params: { groupId }, body });

  const chosen = current.authorizedRoles;
  const candidate = (roleForm.watch('role') ?? '').trim();
  const canAdd = candidate !== '' && !chosen.includes(candidate) && roleNames.includes(candidate);
  const quickAdd = QUICK_ADD_ROLES.filter((name) => !chosen.includes(name)).slice(0, 6);
  const setRoles = (next: string[]) => change({ authorizedRoles: next });
  const script = activityLuauScript(current.activityEndpoint, newKey ?? ACTIVITY_KEY_PLACEHOLDER);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied!', description: `${what} copied to clipboard` });
    } catch {
      toast({ title: 'Error', description: 'Could not copy; select the text and copy it.', variant: 'destructive' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `GroupFlowActivity-${groupId}.server.lua`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <h1>Settings</h1>
      <Card title="Features">
        <Switch
          label="Activity tracking"
          checked={current.activityTracking}
          disabled={save.isPending}
          onCheckedChange={(value) => change({ activityTracking: value })}
        />
        <Switch
          label="Quota system"
          checked={current.quotaSystem}
          disabled={save.isPending}
          onCheckedChange={(value) => change({ quotaSystem: value })}
        />
        <Switch
          label="Auto promotions"
          checked={current.autoPromotions}
          // Turning it off is open to every manager: it ranks nobody.
          disabled={save.isPending || (!current.canChangeAutomation && !current.autoPromotions)}
          onCheckedChange={(value) => change({ autoPromotions: value })}
        />
        {!current.canChangeAutomation && (
          <p className="muted small">
            {current.autoPromotions ? 'You may turn auto promotions off. ' : ''}
            {OWNER_OR_NAMED_RANKS} turn them on.
          </p>
        )}
      </Card>
      <BindToServerCard groupId={groupId} />
      <OpenCloudKeyCard groupId={groupId} canReplace={current.canChangeAutomation} />
      <AutomationAuthorityCard
        current={current}
        ranks={ranks}
        pending={save.isPending}
        onChange={(automationRanks) => change({ automationRanks })}
      />
      <Card title="Access Control">
        <p className="muted small">
          {chosen.length === 0
            ? 'No roles added: only managers (rank 100 or more, or a manager role) can open this workspace.'
            : 'These roles can open the workspace, besides managers:'}
        </p>
        <ul className="rb-list" aria-label="Authorized roles">
          {chosen.map((name) => (
            <li key={name} className="rb-row">
              <span className="rb-grow">{name}</span>
              <Button
                variant="ghost"
                aria-label={`Remove ${name}`}
                onClick={() => setRoles(chosen.filter((entry) => entry !== name))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Form
          form={roleForm}
          className="row"
          onSubmit={({ role }) => {
            if (!canAdd) return;
            setRoles([...chosen, role]);
            roleForm.reset();
          }}
        >
          <Field control={roleForm.control} name="role" label="Role name" className="rb-grow">
            {(control) => (
              <input
                className="input"
                list="group-roles"
                placeholder="Role name, exactly as in the group"
                {...control}
              />
            )}
          </Field>
          <datalist id="group-roles">
            {roleNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <SubmitButton disabled={!canAdd}>Add</SubmitButton>
        </Form>
        <div className="row" aria-label="Quick add">
          {quickAdd.map((name) => (
            <Button
              key={name}
              variant="outline"
              disabled={!roleNames.includes(name)}
              title={roleNames.includes(name) ? undefined : 'This group has no role with that name'}
              onClick={() => setRoles([...chosen, name])}
            >
              + {name}
            </Button>
          ))}
        </div>
      </Card>
      <Card title="Game activity tracking">
        <p className="muted small">
          Put this Script in your game's ServerScriptService and allow HTTP requests: each player's visit is reported to
          GroupFlow and shows up under Activity.
        </p>
        {newKey ? (
          <div className="stack" role="status">
            <p className="small">
              <strong>Your new activity key.</strong> Copy it now: it is shown only this once, and the script below
              already holds it.
            </p>
            <div className="row rb-code-row">
              <code className="rb-key" data-testid="activity-key">
                {newKey}
              </code>
              <Button variant="outline" onClick={() => void copy(newKey, 'Activity key')}>
                Copy key
              </Button>
            </div>
          </div>
        ) : (
          <p className="muted small">
            Activity key <code data-testid="activity-key-prefix">{current.activityKeyPrefix}…</code>: only its first
            characters are kept, so it cannot be shown again. Put your key in place of{' '}
            <code>{ACTIVITY_KEY_PLACEHOLDER}</code>, or rotate to get a new one filled in.
          </p>
        )}
        {/* A region that scrolls sideways: keyboard users must reach it to scroll (axe: scrollable-region-focusable). */}
        <pre
          className="rb-script"
          role="region"
          aria-label="Tracking script"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus to scroll
          tabIndex={0}
          data-testid="tracking-script"
        >
          {script}
        </pre>
        <div className="row">
          <Button onClick={() => void copy(script, 'Tracking script')}>Copy script</Button>
          <Button variant="outline" onClick={download}>
            Download
          </Button>
          <Button
            variant="danger"
            disabled={!current.canChangeAutomation}
            title={current.canChangeAutomation ? undefined : `${OWNER_OR_NAMED_RANKS} rotate the key`}
            onClick={() => setRotating(true)}
          >
            Rotate key
          </Button>
        </div>
        {!current.canChangeAutomation && <p className="muted small">{OWNER_OR_NAMED_RANKS} rotate the key.</p>}
      </Card>
      {rotating && (
        <AlertDialog
          title="Rotate the activity key?"
          description="The current key stops working at once: every game must get the new script. The new key is shown once."
          confirmLabel="Rotate key"
          pendingLabel="Rotating..."
          pending={save.isPending}
          danger
          onConfirm={() => change({ rotateActivityKey: true })}
          onCancel={() => setRotating(false)}
        />
      )}
    </>
  );
}
