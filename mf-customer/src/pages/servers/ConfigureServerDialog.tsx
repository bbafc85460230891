import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Badge, Button, endpointKey, QueryView, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { AlertDialog, Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Field, FieldFrame, Form, FormError, useZodForm } from '@groupflow/shell-kit/form';
import { Select } from '@groupflow/shell-kit/select';
import { Switch } from '@groupflow/shell-kit/switch';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import {
  getServerConfigEndpoint,
  getServerSyncEndpoint,
  robloxEndpoints,
  roleProblemsEndpoint,
  saveServerConfigEndpoint,
  serverConfigSchema,
  userServersEndpoint,
  type Rank,
  type ServerChannel,
  type ServerConfigAnswer,
  type ServerRole,
  type UserServer,
} from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../errorTexts.ts';
import { groupParams } from '../roblox/robloxApi.ts';

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

/** Spec 1 section 9: the rank list is retried twice. */
const RANK_RETRIES = 2;

/** Radix Select reserves the empty value, so "none" is an option of its own, stored as ''. */
const NONE = 'none';

/** The dialog's fields; rank binds are edited beside the form (rows may be half chosen while editing). */
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
});
type FormInput = z.input<typeof formSchema>;
/** The fields that hold several roles, and those that hold one role or channel id ('' for none). */
type RoleListField = 'moderatorRoles' | 'adminRoles';
type IdField = 'verificationRoleId' | 'unverifiedRoleId' | 'logChannel' | 'moderationLogChannel' | 'sessionsChannel';

interface BindRow {
  key: number;
  rankId: number | null;
  roleId: string;
}

const unknownRole = (id: string): ServerRole => ({
  id,
  name: `Unknown role (${id})`,
  position: 0,
  colour: 0,
  managed: false,
  elevated: false,
  assignable: false,
  problem: 'no role of this server has this id any more: choose another',
});

function roleLabel(role: ServerRole): string {
  const notes = [role.elevated ? 'elevated' : '', role.assignable ? '' : "out of the bot's reach"].filter(Boolean);
  return notes.length ? `${role.name} (${notes.join(', ')})` : role.name;
}

/** A role's name in its Discord colour. */
function RoleName({ role }: { role: ServerRole }) {
  const colour = role.colour ? `#${role.colour.toString(16).padStart(6, '0')}` : undefined;
  return (
    <span className="cs-role">
      <span className="cs-role-dot" style={colour ? { background: colour } : undefined} aria-hidden />
      {role.name}
    </span>
  );
}

/** Why the bot cannot give a chosen role (the role-hierarchy problem), shown beside the picker. */
function RoleProblem({ role }: { role: ServerRole | undefined }) {
  if (!role?.problem) return null;
  return (
    <p className="field-error" role="note">
      The bot cannot give {role.name}: {role.problem}.
    </p>
  );
}

/** Several roles, shown as removable chips, added one at a time from the server's roles. */
function RoleListPicker({
  label,
  hint,
  roles,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  roles: ServerRole[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const chosen = value.map((id) => roles.find((role) => role.id === id) ?? unknownRole(id));
  const options = roles
    .filter((role) => !role.managed && !value.includes(role.id))
    .map((role) => ({ value: role.id, label: roleLabel(role) }));
  return (
    <FieldFrame label={label} hint={hint}>
      {(aria) => (
        <div className="stack cs-picker">
          {chosen.length > 0 ? (
            <ul className="cs-chips" aria-label={`${label} chosen`}>
              {chosen.map((role) => (
                <li key={role.id} className="cs-chip">
                  <RoleName role={role} />
                  <Button
                    variant="ghost"
                    className="cs-chip-remove"
                    aria-label={`Remove ${role.name}`}
                    onClick={() => onChange(value.filter((id) => id !== role.id))}
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">None chosen.</p>
          )}
          <Select
            {...aria}
            options={options}
            value=""
            placeholder={options.length ? 'Add a role...' : 'No other roles'}
            disabled={!options.length}
            onValueChange={(id) => onChange([...value, id])}
          />
        </div>
      )}
    </FieldFrame>
  );
}

/** One role or none. */
function RolePicker({
  label,
  hint,
  roles,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  roles: ServerRole[];
  value: string;
  onChange: (id: string) => void;
}) {
  const chosen = value ? (roles.find((role) => role.id === value) ?? unknownRole(value)) : undefined;
  const options = [
    { value: NONE, label: 'None' },
    ...(chosen && !roles.includes(chosen) ? [{ value: chosen.id, label: chosen.name }] : []),
    ...roles.filter((role) => !role.managed).map((role) => ({ value: role.id, label: roleLabel(role) })),
  ];
  return (
    <FieldFrame label={label} hint={hint}>
      {(aria) => (
        <div className="stack cs-picker">
          <Select
            {...aria}
            options={options}
            value={value || NONE}
            onValueChange={(id) => onChange(id === NONE ? '' : id)}
          />
          <RoleProblem role={chosen} />
        </div>
      )}
    </FieldFrame>
  );
}

function ChannelPicker({
  label,
  hint,
  channels,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  channels: ServerChannel[];
  value: string;
  onChange: (id: string) => void;
}) {
  const postable = channels.filter((channel) => channel.type === 'text' || channel.type === 'announcement');
  const known = !value || postable.some((channel) => channel.id === value);
  const options = [
    { value: NONE, label: 'None' },
    ...(known ? [] : [{ value, label: `Unknown channel (${value})` }]),
    ...postable.map((channel) => ({ value: channel.id, label: `#${channel.name}` })),
  ];
  return (
    <FieldFrame label={label} hint={hint}>
      {(aria) => (
        <Select
          {...aria}
          options={options}
          value={value || NONE}
          onValueChange={(id) => onChange(id === NONE ? '' : id)}
        />
      )}
    </FieldFrame>
  );
}

/** Rank binds: which role each rank of the bound group gives. */
function RankBindsEditor({
  groupId,
  ...rest
}: {
  groupId: string;
  roles: ServerRole[];
  rows: BindRow[];
  onChange: (rows: BindRow[]) => void;
  /** An elevated role was picked for a row: the dialog confirms before it is set. */
  onElevated: (row: BindRow, role: ServerRole) => void;
}) {
  const ranks = useEndpointQuery(robloxEndpoints.groupRanks, groupParams(groupId), {
    enabled: groupId !== '',
    retry: RANK_RETRIES,
  });
  return (
    <section className="stack" aria-labelledby="cs-binds-title">
      <h3 id="cs-binds-title" className="label cs-section-title">
        Rank binds
      </h3>
      <p className="field-hint">
        A member verified in the bound Roblox group gets the role bound to their rank; the bot gives no role by name.
      </p>
      {groupId ? (
        <QueryView
          query={ranks}
          loading="Loading the group's ranks..."
          error={(error) => errorText(error) ?? "Could not load the group's ranks."}
        >
          {(list) => <BindRows ranks={list} {...rest} />}
        </QueryView>
      ) : (
        <p className="muted small">Set the bound Roblox group on the Channels tab to bind its ranks to roles.</p>
      )}
    </section>
  );
}

function BindRows({
  ranks,
  roles,
  rows,
  onChange,
  onElevated,
}: {
  ranks: Rank[];
  roles: ServerRole[];
  rows: BindRow[];
  onChange: (rows: BindRow[]) => void;
  onElevated: (row: BindRow, role: ServerRole) => void;
}) {
  const update = (key: number, change: Partial<BindRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const assignable = roles.filter((role) => !role.managed);
  const rankLabel = (rankId: number) => {
    const rank = ranks.find((candidate) => candidate.rankId === rankId);
    return rank ? `${rank.rankName} (rank ${rank.rankId})` : `Rank ${rankId}`;
  };
  const taken = new Set(rows.map((row) => row.rankId));
  return (
    <>
      {rows.length === 0 && <p className="muted small">No rank gives a role yet.</p>}
      {rows.map((row, index) => {
        const role = row.roleId
          ? (roles.find((candidate) => candidate.id === row.roleId) ?? unknownRole(row.roleId))
          : undefined;
        const rankOptions = [
          ...(row.rankId !== null && !ranks.some((rank) => rank.rankId === row.rankId)
            ? [{ value: String(row.rankId), label: rankLabel(row.rankId) }]
            : []),
          ...ranks
            .filter((rank) => rank.rankId === row.rankId || !taken.has(rank.rankId))
            .map((rank) => ({ value: String(rank.rankId), label: rankLabel(rank.rankId) })),
        ];
        const roleOptions = [
          ...(role && !roles.includes(role) ? [{ value: role.id, label: role.name }] : []),
          ...assignable.map((candidate) => ({ value: candidate.id, label: roleLabel(candidate) })),
        ];
        return (
          <div key={row.key} className="cs-bind" role="group" aria-label={`Rank bind ${index + 1}`}>
            <div className="cs-bind-rank">
              <Select
                aria-label={`Rank of bind ${index + 1}`}
                options={rankOptions}
                value={row.rankId === null ? '' : String(row.rankId)}
                placeholder="Choose a rank"
                onValueChange={(value) => update(row.key, { rankId: Number(value) })}
              />
            </div>
            <div className="cs-bind-role">
              <Select
                aria-label={`Role of bind ${index + 1}`}
                options={roleOptions}
                value={row.roleId}
                placeholder="Choose a role"
                onValueChange={(id) => {
                  const picked = roles.find((candidate) => candidate.id === id);
                  if (picked?.elevated) onElevated(row, picked);
                  else update(row.key, { roleId: id });
                }}
              />
            </div>
            <Button
              variant="outline"
              className="cs-bind-remove"
              aria-label={`Remove bind ${index + 1}`}
              onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
            >
              Remove
            </Button>
            {(role?.elevated || role?.problem) && (
              <div className="cs-bind-note">
                {role.elevated && <Badge tone="warning">Elevated</Badge>}
                <RoleProblem role={role} />
              </div>
            )}
          </div>
        );
      })}
      <div>
        <Button
          variant="outline"
          disabled={rows.length >= ranks.length}
          onClick={() => onChange([...rows, { key: Date.now() + rows.length, rankId: null, roleId: '' }])}
        >
          Add rank bind
        </Button>
      </div>
    </>
  );
}

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
  const [binds, setBinds] = useState<BindRow[]>(() =>
    config.rankBinds.map((bind, index) => ({ key: index, rankId: bind.rankId, roleId: bind.roleId })),
  );
  const [confirming, setConfirming] = useState<{ row: BindRow; role: ServerRole } | null>(null);
  // Set once the customer confirmed an elevated bind in this dialog: the save then says allowElevated.
  const [allowElevated, setAllowElevated] = useState(false);
  const form = useZodForm(formSchema, { defaultValues: config });
  const call = { params: { id: server.id } };
  const save = useEndpointMutation(saveServerConfigEndpoint, {
    invalidates: [
      userServersEndpoint,
      endpointKey(getServerConfigEndpoint, call),
      roleProblemsEndpoint,
      // A new bound group starts a server-wide sync: its progress shows on the card.
      endpointKey(getServerSyncEndpoint, call),
    ],
    success: { title: 'Configuration Updated', description: 'Server configuration has been successfully updated.' },
    failure: failureToast('Update Failed', 'Failed to update server configuration.'),
    onSuccess: onClose,
  });
  // A field with an error may sit on a tab that is not shown: after a refused submit, open the first such tab.
  const { errors, submitCount } = form.formState;
  useEffect(() => {
    if (errors.moderatorRoles || errors.adminRoles || errors.root) setTab('roles');
    else if (errors.boundGroupId || errors.logChannel || errors.moderationLogChannel || errors.sessionsChannel)
      setTab('channels');
    // Only a new submit moves the tab; errors changing while the user types must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  const list = (name: RoleListField) => {
    const value = form.watch(name);
    return Array.isArray(value) ? value : [];
  };
  const setRoles = (name: RoleListField, ids: string[]) => form.setValue(name, ids, { shouldDirty: true });
  const setId = (name: IdField, id: string) => form.setValue(name, id, { shouldDirty: true });
  const reported = config.roles.length > 0;

  return (
    <Form
      form={form}
      onSubmit={(values) => {
        if (binds.some((row) => row.rankId === null || !row.roleId)) {
          form.setError('root', { message: 'Choose a rank and a role for every rank bind, or remove the row.' });
          setTab('roles');
          return;
        }
        const body = { ...values, rankBinds: binds.map((row) => ({ rankId: row.rankId!, roleId: row.roleId })) };
        save.mutate({ ...call, body: allowElevated ? { ...body, allowElevated } : body });
      }}
      aria-label={`Configure ${server.name}`}
    >
      {!reported && (
        <div className="alert alert-warning" role="status">
          The bot has not reported this server&apos;s roles and channels yet. Start the bot (or wait until it shows
          online), then open this dialog again to choose them.
        </div>
      )}
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
            <FormError />
            <RoleListPicker
              label="Moderator roles"
              hint="Members with one of these roles may use /warn, /kick, /ban and /mute."
              roles={config.roles}
              value={list('moderatorRoles')}
              onChange={(ids) => setRoles('moderatorRoles', ids)}
            />
            <RoleListPicker
              label="Admin roles"
              hint="Members with one of these roles may configure the bot (/bind-group, /announce)."
              roles={config.roles}
              value={list('adminRoles')}
              onChange={(ids) => setRoles('adminRoles', ids)}
            />
            <div className="cs-pair">
              <RolePicker
                label="Verified role"
                hint="Given to every verified member."
                roles={config.roles}
                value={form.watch('verificationRoleId') ?? ''}
                onChange={(id) => setId('verificationRoleId', id)}
              />
              <RolePicker
                label="Unverified role"
                hint="Taken from a member once verified."
                roles={config.roles}
                value={form.watch('unverifiedRoleId') ?? ''}
                onChange={(id) => setId('unverifiedRoleId', id)}
              />
            </div>
            <RankBindsEditor
              groupId={(form.watch('boundGroupId') ?? '').trim()}
              roles={config.roles}
              rows={binds}
              onChange={(rows) => {
                setBinds(rows);
                form.clearErrors('root');
              }}
              onElevated={(row, role) => setConfirming({ row, role })}
            />
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
            <ChannelPicker
              label="Log channel"
              hint="Where the bot posts its general log."
              channels={config.channels}
              value={form.watch('logChannel') ?? ''}
              onChange={(id) => setId('logChannel', id)}
            />
            <ChannelPicker
              label="Moderation log channel"
              hint="Where /warn, /kick, /ban and /mute are posted."
              channels={config.channels}
              value={form.watch('moderationLogChannel') ?? ''}
              onChange={(id) => setId('moderationLogChannel', id)}
            />
            <ChannelPicker
              label="Sessions channel"
              hint="Where the bot posts the bound group's scheduled sessions and their reminders."
              channels={config.channels}
              value={form.watch('sessionsChannel') ?? ''}
              onChange={(id) => setId('sessionsChannel', id)}
            />
          </div>
        </TabPanel>
      </Tabs>
      <DialogActions onCancel={onClose} label="Save Changes" pendingLabel="Saving..." pending={save.isPending} />
      {confirming && (
        <AlertDialog
          title="Bind an elevated role?"
          description={`${confirming.role.name} can moderate members or change the server. Everyone who holds ${
            confirming.row.rankId === null ? 'this rank' : `rank ${confirming.row.rankId}`
          } in the Roblox group would get it from the bot.`}
          confirmLabel="Bind it anyway"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setBinds(
              binds.map((row) => (row.key === confirming.row.key ? { ...row, roleId: confirming.role.id } : row)),
            );
            setAllowElevated(true);
            setConfirming(null);
          }}
        />
      )}
    </Form>
  );
}

/** Configure Server (spec 1 section 2.6): Features, Roles and Channels of one server. */
export function ConfigureServerDialog({ server, onClose }: { server: UserServer; onClose: () => void }) {
  const config = useEndpointQuery(getServerConfigEndpoint, { params: { id: server.id } });
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
