import { Button, useEndpointQuery } from '@groupflow/shell-kit';
import { FieldFrame } from '@groupflow/shell-kit/form';
import { Select } from '@groupflow/shell-kit/select';
import {
  API,
  formatNickname,
  type ConnectedGroupWire,
  type ServerChannel,
  type ServerRole,
} from '@groupflow/core/contracts';

/** The role and channel pickers of the Configure dialog, fed by the server's roles and channels as the bot saw them. */

/** Radix Select reserves the empty value, so "none" is an option of its own, stored as ''. */
export const NONE = 'none';

export const unknownRole = (id: string): ServerRole => ({
  id,
  name: `Unknown role (${id})`,
  position: 0,
  colour: 0,
  managed: false,
  elevated: false,
  assignable: false,
  problem: 'no role of this server has this id any more: choose another',
});

export function roleLabel(role: ServerRole): string {
  const notes = [role.elevated ? 'elevated' : '', role.assignable ? '' : "out of the bot's reach"].filter(Boolean);
  return notes.length ? `${role.name} (${notes.join(', ')})` : role.name;
}

/** A role's name in its Discord colour. */
export function RoleName({ role }: { role: ServerRole }) {
  const colour = role.colour ? `#${role.colour.toString(16).padStart(6, '0')}` : undefined;
  return (
    <span className="cs-role">
      <span className="cs-role-dot" style={colour ? { background: colour } : undefined} aria-hidden />
      {role.name}
    </span>
  );
}

/** Why the bot cannot give a chosen role (the role-hierarchy problem), shown beside the picker. */
export function RoleProblem({ role }: { role: ServerRole | undefined }) {
  if (!role?.problem) return null;
  return (
    <p className="field-error" role="note">
      The bot cannot give {role.name}: {role.problem}.
    </p>
  );
}

/** Several roles, shown as removable chips, added one at a time from the server's roles. */
export function RoleListPicker({
  label,
  hint,
  roles,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  roles: ServerRole[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const chosen = value.map((id) => roles.find((role) => role.id === id) ?? unknownRole(id));
  const options = roles
    .filter((role) => !role.managed && !value.includes(role.id))
    .map((role) => ({ value: role.id, label: roleLabel(role) }));
  return (
    <FieldFrame label={label} hint={hint} error={error}>
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
export function RolePicker({
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

export function ChannelPicker({
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

/** The customer's connected groups, plus any group named here that is not (or no longer) connected. */
export function groupOptions(groups: ConnectedGroupWire[], named: string[]): { value: string; label: string }[] {
  const known = new Map(groups.map((group) => [group.groupId, `${group.name} (${group.groupId})`]));
  for (const id of named) if (id && !known.has(id)) known.set(id, `Group ${id}`);
  return [...known].map(([value, label]) => ({ value, label }));
}

/**
 * The server's bound group (issue 36): picked from the groups the customer connected, the group id typed in below
 * for one they have not connected.
 */
export function BoundGroupPicker({ value, onChange }: { value: string; onChange: (groupId: string) => void }) {
  const groups = useEndpointQuery(API.roblox.listConnectedGroups);
  const options = [{ value: NONE, label: 'None' }, ...groupOptions(groups.data ?? [], [value])];
  const placeholder = groups.isPending ? 'Loading your groups...' : undefined;
  return (
    <FieldFrame
      label="Bound group"
      hint={
        groups.data?.length === 0
          ? 'Connect a group under Roblox Groups to pick it here, or enter its ID below.'
          : 'The group whose ranks {rank-name} and rank binds read; binds may name any group.'
      }
    >
      {(aria) => (
        <Select
          {...aria}
          options={options}
          value={value || NONE}
          placeholder={placeholder}
          onValueChange={(groupId) => onChange(groupId === NONE ? '' : groupId)}
        />
      )}
    </FieldFrame>
  );
}

/**
 * Roblox's own sample account, filled into a nickname template as the live example. Every `{group-rank:<id>}` reads
 * the same sample rank, whichever group it names.
 */
const SAMPLE_MEMBER: Parameters<typeof formatNickname>[1] = {
  robloxName: 'Builderman',
  displayName: 'Builder Man',
  robloxId: '156',
  groupRank: 'Sergeant',
  discordName: 'builderman',
  groupRanks: new Proxy({}, { get: () => 'Sergeant' }),
};

/** What a nickname template gives a sample member, by the rule the bot fills it with (cut to 32 characters). */
export function NicknameExample({ template, fallback }: { template: string; fallback?: string }) {
  const shown = template.trim() || fallback;
  if (!shown) return null;
  return (
    <p className="field-hint cs-example" aria-live="polite">
      Example: <code>{shown}</code> → <strong>{formatNickname(shown, SAMPLE_MEMBER)}</strong>
    </p>
  );
}
