import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, ErrorState, LoadingState, serverMessage, useToast } from '@groupflow/shell-kit';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Field, Form, useZodForm } from '@groupflow/shell-kit/form';
import { Switch } from '@groupflow/shell-kit/switch';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import {
  getServerConfigEndpoint,
  saveServerConfigEndpoint,
  serverConfigSchema,
  type ServerConfigAnswer,
  type UserServer,
} from '@groupflow/core/contracts';
import { discordKeys } from './discordQueries.ts';

const TABS = [
  { value: 'features', label: 'Features' },
  { value: 'roles', label: 'Roles' },
  { value: 'channels', label: 'Channels' },
] as const;
type TabKey = (typeof TABS)[number]['value'];

const FEATURES = [
  { name: 'moderationEnabled', label: 'Moderation (/warn, /kick, /ban, /mute)' },
  { name: 'verificationEnabled', label: 'Verification (/verify, /update)' },
  { name: 'groupBindingEnabled', label: 'Group binding (/bind-group)' },
  { name: 'autoRoleSync', label: 'Sync roles when a member joins' },
] as const;

/** The dialog edits spec 1 section 3's ten fields; the role-sync fields travel unchanged. */
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
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

function ConfigForm({
  server,
  config,
  onClose,
}: {
  server: UserServer;
  config: ServerConfigAnswer;
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('features');
  const form = useZodForm(formSchema, {
    defaultValues: {
      ...config,
      moderatorRoles: config.moderatorRoles.join(', '),
      adminRoles: config.adminRoles.join(', '),
    },
  });
  const save = useMutation({
    mutationFn: (body: FormValues) => apiClient.call(saveServerConfigEndpoint, { params: { id: server.id }, body }),
    onSuccess: async () => {
      toast({ title: 'Configuration Updated', description: 'Server configuration has been successfully updated.' });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: discordKeys.userServers }),
        queryClient.invalidateQueries({ queryKey: discordKeys.serverConfig(server.id) }),
        // A new bound group starts a server-wide sync: its progress shows on the card.
        queryClient.invalidateQueries({ queryKey: discordKeys.serverSync(server.id) }),
      ]);
    },
    onError: (error) => {
      toast({
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Failed to update server configuration.',
        variant: 'destructive',
      });
    },
  });
  // A field with an error may sit on a tab that is not shown: after a refused submit, open the first such tab.
  const { errors, submitCount } = form.formState;
  useEffect(() => {
    if (errors.moderatorRoles || errors.adminRoles) setTab('roles');
    else if (errors.boundGroupId || errors.logChannel || errors.moderationLogChannel) setTab('channels');
    // Only a new submit moves the tab; errors changing while the user types must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
  return (
    <Form form={form} onSubmit={(values) => save.mutate(values)} aria-label={`Configure ${server.name}`}>
      <Tabs tabs={TABS} value={tab} onValueChange={setTab} label="Configuration sections">
        <TabPanel value="features">
          <div className="stack">
            {FEATURES.map((feature) => (
              <Switch
                key={feature.name}
                label={feature.label}
                checked={Boolean(form.watch(feature.name))}
                onCheckedChange={(checked) => form.setValue(feature.name, checked, { shouldDirty: true })}
              />
            ))}
          </div>
        </TabPanel>
        <TabPanel value="roles">
          <div className="stack">
            <Field<FormInput>
              name="moderatorRoles"
              label="Moderator roles"
              hint="Comma-separated role names or ids; they may use moderation commands."
            >
              {(control) => <input className="input" {...control} placeholder="Moderator, Helper" />}
            </Field>
            <Field<FormInput>
              name="adminRoles"
              label="Admin roles"
              hint="Comma-separated role names or ids; they may configure the bot."
            >
              {(control) => <input className="input" {...control} placeholder="Admin" />}
            </Field>
          </div>
        </TabPanel>
        <TabPanel value="channels">
          <div className="stack">
            <Field<FormInput>
              name="boundGroupId"
              label="Bound Roblox group ID"
              hint="The group whose ranks give roles in this server."
            >
              {(control) => <input className="input" inputMode="numeric" {...control} placeholder="15567637" />}
            </Field>
            <Field<FormInput> name="logChannel" label="Log channel" hint="Channel name or id.">
              {(control) => <input className="input" {...control} placeholder="bot-logs" />}
            </Field>
            <Field<FormInput>
              name="moderationLogChannel"
              label="Moderation log channel"
              hint="Where /warn, /kick, /ban and /mute are posted."
            >
              {(control) => <input className="input" {...control} placeholder="mod-logs" />}
            </Field>
          </div>
        </TabPanel>
      </Tabs>
      <DialogActions onCancel={onClose} label="Save Changes" pendingLabel="Saving..." pending={save.isPending} />
    </Form>
  );
}

/** Configure Server (spec 1 section 2.6): Features, Roles and Channels of one server. */
export function ConfigureServerDialog({ server, onClose }: { server: UserServer; onClose: () => void }) {
  const config = useQuery({
    queryKey: discordKeys.serverConfig(server.id),
    queryFn: () => apiClient.call(getServerConfigEndpoint, { params: { id: server.id } }),
  });
  return (
    <Dialog title="Configure Server" description={server.name} onClose={onClose} wide>
      {config.isLoading ? (
        <LoadingState label="Loading configuration..." />
      ) : config.isError || !config.data ? (
        <ErrorState
          message={serverMessage(config.error) ?? 'Could not load the configuration.'}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <ConfigForm server={server} config={config.data} onClose={onClose} />
      )}
    </Dialog>
  );
}
