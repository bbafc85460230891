import { useEffect, useState } from 'react';
import { Button, endpointKey, QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Link } from '@groupflow/shell-kit/router';
import { Field, Form, FormError, useZodForm } from '@groupflow/shell-kit/form';
import { SwitchField } from '@groupflow/shell-kit/switch-field';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import {
  API,
  NICKNAME_MAX_LENGTH,
  type ServerConfigAnswer,
  serverConfigSchema,
  type UserServer,
} from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../errorTexts.ts';
import { BindEditor, type BindRow } from './BindEditor.tsx';
import { BindPreview } from './BindPreview.tsx';
import { RestrictionsEditor, type Restrictions } from './RestrictionsEditor.tsx';
import { BoundGroupField, ChannelField, NicknameExample, RoleField, RoleListField } from './serverPickers.tsx';

const TABS = [
  { value: 'features', label: 'Features' },
  { value: 'roles', label: 'Roles' },
  { value: 'binds', label: 'Binds' },
  { value: 'restrictions', label: 'Restrictions' },
  { value: 'channels', label: 'Channels' },
] as const;
type TabKey = (typeof TABS)[number]['value'];
/** Binds and restrictions have routes and Save buttons of their own; the other tabs are the configuration's form. */
const OWN_SAVE: readonly TabKey[] = ['binds', 'restrictions'];

const FEATURES = [
  { name: 'moderationEnabled', label: 'Moderation (/warn, /kick, /ban, /mute)' },
  { name: 'verificationEnabled', label: 'Verification (/verify, /update)' },
  { name: 'groupBindingEnabled', label: 'Group binding (/bind-group)' },
  { name: 'autoRoleSync', label: 'Sync roles when a member joins' },
] as const;

const CHANNELS = [
  {
    name: 'verificationChannelId',
    label: 'Verification channel',
    hint: 'The bot keeps a message with a Verify button here (and posts it again if it is deleted).',
  },
  { name: 'logChannel', label: 'Log channel', hint: 'Where the bot posts its general log.' },
  {
    name: 'moderationLogChannel',
    label: 'Moderation log channel',
    hint: 'Where /warn, /kick, /ban and /mute are posted.',
  },
  {
    name: 'sessionsChannel',
    label: 'Sessions channel',
    hint: "Where the bot posts the bound group's scheduled sessions and their reminders.",
  },
] as const;

/** The setup check (/setup-verification, issue 36): where a role the bot cannot give is explained and fixed. */
function RoleOrderLink() {
  return (
    <p className="field-hint">
      A role the bot cannot give or take?{' '}
      <Link to="/setup-verification">Check the bot&apos;s role order and permissions</Link>.
    </p>
  );
}

/** The configuration's fields; binds (the bound group's rank binds among them) have their own tab and route. */
const formSchema = serverConfigSchema.pick({
  moderationEnabled: true,
  verificationEnabled: true,
  groupBindingEnabled: true,
  autoRoleSync: true,
  moderatorRoles: true,
  adminRoles: true,
  boundGroupId: true,
  logChannel: true,
  moderationLogChannel: true,
  sessionsChannel: true,
  verificationRoleId: true,
  unverifiedRoleId: true,
  nicknameFormat: true,
  verificationChannelId: true,
  bypassRoleIds: true,
});

function ConfigForm({
  server,
  config,
  onClose,
}: {
  server: UserServer;
  config: ServerConfigAnswer;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<TabKey>('features');
  // Drafts of the tabs with their own save: a tab's panel unmounts when another opens.
  const [bindDraft, setBindDraft] = useState<BindRow[] | null>(null);
  const [restrictionsDraft, setRestrictionsDraft] = useState<Restrictions | null>(null);
  const form = useZodForm(formSchema, { defaultValues: config });
  const call = { params: { id: server.id } };
  const save = useEndpointMutation(API.servers.saveServerConfig, {
    invalidates: [
      API.servers.listUserServers,
      endpointKey(API.servers.getServerConfig, call),
      API.servers.listRoleProblems,
      // A new bound group starts a server-wide sync: its progress shows on the card.
      endpointKey(API.servers.readServerSyncProgress, call),
    ],
    success: { title: 'Configuration Updated', description: 'Server configuration has been successfully updated.' },
    failure: failureToast('Update Failed', 'Failed to update server configuration.'),
    onSuccess: onClose,
  });
  // A field with an error may sit on a tab that is not shown: after a refused submit, open the first such tab.
  const { errors, submitCount } = form.formState;
  useEffect(() => {
    if (errors.moderatorRoles || errors.adminRoles || errors.bypassRoleIds || errors.nicknameFormat || errors.root)
      setTab('roles');
    else if (
      errors.boundGroupId ||
      errors.logChannel ||
      errors.moderationLogChannel ||
      errors.sessionsChannel ||
      errors.verificationChannelId
    )
      setTab('channels');
    // Only a new submit moves the tab; errors changing while the user types must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  const reported = config.roles.length > 0;

  return (
    <>
      {!reported && (
        <div className="alert alert-warning" role="status">
          The bot has not reported this server&apos;s roles and channels yet. Start the bot (or wait until it shows
          online), then open this dialog again to choose them.
        </div>
      )}
      <Tabs tabs={TABS} value={tab} onValueChange={setTab} label="Configuration sections">
        <TabPanel value="binds">
          <div className="stack">
            <BindEditor
              serverId={server.id}
              roles={config.roles}
              boundGroupId={config.boundGroupId}
              draft={bindDraft}
              onDraft={setBindDraft}
            />
            <RoleOrderLink />
            <BindPreview serverId={server.id} edited={bindDraft !== null} />
          </div>
        </TabPanel>
        <TabPanel value="restrictions">
          <RestrictionsEditor serverId={server.id} draft={restrictionsDraft} onDraft={setRestrictionsDraft} />
        </TabPanel>
        {!OWN_SAVE.includes(tab) && (
          <Form
            form={form}
            onSubmit={(values) => save.mutate({ ...call, body: values })}
            aria-label={`Configure ${server.name}`}
          >
            <TabPanel value="features">
              <div className="stack">
                {FEATURES.map((feature) => (
                  <SwitchField key={feature.name} control={form.control} name={feature.name} label={feature.label} />
                ))}
              </div>
            </TabPanel>
            <TabPanel value="roles">
              <div className="stack">
                <FormError />
                <RoleOrderLink />
                <RoleListField
                  control={form.control}
                  name="moderatorRoles"
                  label="Moderator roles"
                  hint="Members with one of these roles may use /warn, /kick, /ban and /mute."
                  roles={config.roles}
                />
                <RoleListField
                  control={form.control}
                  name="adminRoles"
                  label="Admin roles"
                  hint="Members with one of these roles may configure the bot (/bind-group, /announce)."
                  roles={config.roles}
                />
                <div className="cs-pair">
                  <RoleField
                    control={form.control}
                    name="verificationRoleId"
                    label="Verified role"
                    hint="Given to every verified member."
                    roles={config.roles}
                  />
                  <RoleField
                    control={form.control}
                    name="unverifiedRoleId"
                    label="Unverified role"
                    hint="Held by every member without a proven account, and by restricted members."
                    roles={config.roles}
                  />
                </div>
                <RoleListField
                  control={form.control}
                  name="bypassRoleIds"
                  label="Bypass roles"
                  hint="No sync ever changes the roles or nickname of a member holding one of these."
                  roles={config.roles}
                />
                <Field
                  control={form.control}
                  name="nicknameFormat"
                  label="Nickname template"
                  hint={`{roblox-name}, {display-name}, {smart-name}, {roblox-id}, {rank-name}, {discord-name}, {group-rank:<group id>}; cut to ${NICKNAME_MAX_LENGTH} characters.`}
                >
                  {(control) => <input className="input" {...control} />}
                </Field>
                <NicknameExample template={String(form.watch('nicknameFormat') ?? '')} />
              </div>
            </TabPanel>
            <TabPanel value="channels">
              <div className="stack">
                <BoundGroupField control={form.control} name="boundGroupId" />
                {CHANNELS.map((channel) => (
                  <ChannelField
                    key={channel.name}
                    control={form.control}
                    name={channel.name}
                    label={channel.label}
                    hint={channel.hint}
                    channels={config.channels}
                  />
                ))}
              </div>
            </TabPanel>
            <DialogActions onCancel={onClose} label="Save Changes" pendingLabel="Saving..." pending={save.isPending} />
          </Form>
        )}
      </Tabs>
      {OWN_SAVE.includes(tab) && (
        <div className="row kit-dialog-actions">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      )}
    </>
  );
}

/** Configure Server (spec 1 section 2.6, issue 35): Features, Roles, Binds, Restrictions and Channels of one server. */
export function ConfigureServerDialog({ server, onClose }: { server: UserServer; onClose: () => void }) {
  const config = useEndpointQuery(API.servers.getServerConfig, { params: { id: server.id } });
  return (
    <Dialog title="Configure Server" description={server.name} onClose={onClose} wide>
      <QueryView
        query={config}
        loading="Loading configuration..."
        error={(error) => errorText(error) ?? 'Could not load the configuration.'}
      >
        {(answer) => <ConfigForm server={server} config={answer} onClose={onClose} />}
      </QueryView>
    </Dialog>
  );
}
