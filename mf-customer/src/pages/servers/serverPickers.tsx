import { Button, useEndpointQuery } from '@groupflow/shell-kit';
import { useId, type Ref } from 'react';
import { Field, type FieldAria, type FieldControl, type FieldName, type FieldValues } from '@groupflow/shell-kit/form';
import { Select } from '@groupflow/shell-kit/select';
import {
  API,
  formatNickname,
  type ConnectedGroupWire,
  type ServerChannel,
  type ServerRole,
} from '@groupflow/core/contracts';

/** The role, channel and group fields of the Configure dialog, fed by the server's roles and channels as the bot saw them. */

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

/** Several roles, shown as removable chips, added one at a time from the server's roles: the control of a field. */
export function RoleListSelect({
  label,
  roles,
  value,
  onChange,
  ...aria
}: FieldAria & {
  label: string;
  roles: ServerRole[];
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const chosen = value.map((id) => roles.find((role) => role.id === id) ?? unknownRole(id));
  const options = roles
    .filter((role) => !role.managed && !value.includes(role.id))
    .map((role) => ({ value: role.id, label: roleLabel(role) }));
  return (
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
  );
}

/** What names a picker's field in the Configure dialog's form, and what every picker shows beside it. */
type PickerField<T extends FieldValues, Out> = FieldName<T, Out> & { label: string; hint: string };

/** A form field holding several role ids (RoleListSelect). */
export function RoleListField<T extends FieldValues, Out>({
  control,
  name,
  label,
  hint,
  roles,
}: PickerField<T, Out> & { roles: ServerRole[] }) {
  return (
    <Field control={control} name={name} label={label} hint={hint}>
      {({ value, name: _name, ...field }) => (
        <RoleListSelect {...field} label={label} roles={roles} value={Array.isArray(value) ? value : []} />
      )}
    </Field>
  );
}

/** Radix Select works on strings and reserves the empty one: the field's '' (none) is shown as the NONE option. */
const noneAsOption = ({ value, onChange, ...field }: Omit<FieldControl, 'ref'>) => ({
  ...field,
  value: String(value) || NONE,
  onValueChange: (id: string) => onChange(id === NONE ? '' : id),
});

/** A form field holding one role id, or '' for none. */
export function RoleField<T extends FieldValues, Out>({
  control,
  name,
  label,
  hint,
  roles,
}: PickerField<T, Out> & { roles: ServerRole[] }) {
  return (
    <Field control={control} name={name} label={label} hint={hint}>
      {(field) => {
        const value = String(field.value);
        const chosen = value ? (roles.find((role) => role.id === value) ?? unknownRole(value)) : undefined;
        const options = [
          { value: NONE, label: 'None' },
          ...(chosen && !roles.includes(chosen) ? [{ value: chosen.id, label: chosen.name }] : []),
          ...roles.filter((role) => !role.managed).map((role) => ({ value: role.id, label: roleLabel(role) })),
        ];
        return (
          <div className="stack cs-picker">
            <Select {...noneAsOption(field)} options={options} />
            <RoleProblem role={chosen} />
          </div>
        );
      }}
    </Field>
  );
}

/** A form field holding the id of a channel the bot can post in, or '' for none. */
export function ChannelField<T extends FieldValues, Out>({
  control,
  name,
  label,
  hint,
  channels,
}: PickerField<T, Out> & { channels: ServerChannel[] }) {
  const postable = channels.filter((channel) => channel.type === 'text' || channel.type === 'announcement');
  return (
    <Field control={control} name={name} label={label} hint={hint}>
      {(field) => {
        const value = String(field.value);
        const known = !value || postable.some((channel) => channel.id === value);
        const options = [
          { value: NONE, label: 'None' },
          ...(known ? [] : [{ value, label: `Unknown channel (${value})` }]),
          ...postable.map((channel) => ({ value: channel.id, label: `#${channel.name}` })),
        ];
        return <Select {...noneAsOption(field)} options={options} />;
      }}
    </Field>
  );
}

/** The customer's connected groups, plus any group named here that is not (or no longer) connected. */
export function groupOptions(groups: ConnectedGroupWire[], named: string[]): { value: string; label: string }[] {
  const known = new Map(groups.map((group) => [group.groupId, `${group.name} (${group.groupId})`]));
  for (const id of named) if (id && !known.has(id)) known.set(id, `Group ${id}`);
  return [...known].map(([value, label]) => ({ value, label }));
}

/**
 * The server's bound group (issue 36): picked from the groups the customer connected, or its id typed in for one
 * they have not connected. Both controls edit the one field, so its error shows once, under the typed id it is about.
 */
export function BoundGroupField<T extends FieldValues, Out>({ control, name }: FieldName<T, Out>) {
  const groups = useEndpointQuery(API.roblox.listConnectedGroups);
  const typedId = useId();
  return (
    <Field
      control={control}
      name={name}
      label="Bound group"
      hint={
        groups.data?.length === 0
          ? 'Connect a group under Roblox Groups to pick it here, or enter its ID.'
          : 'The group whose ranks {rank-name} and rank binds read; binds may name any group.'
      }
    >
      {({ id, ref, name: fieldName, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...field }) => (
        <div className="stack cs-picker">
          <Select
            {...noneAsOption({ ...field, id, name: fieldName, 'aria-invalid': false, 'aria-describedby': undefined })}
            name={undefined}
            options={[{ value: NONE, label: 'None' }, ...groupOptions(groups.data ?? [], [String(field.value)])]}
            placeholder={groups.isPending ? 'Loading your groups...' : undefined}
          />
          <label className="label" htmlFor={typedId}>
            Or a group ID
          </label>
          <input
            {...field}
            ref={ref}
            name={fieldName}
            id={typedId}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className="input"
            inputMode="numeric"
            placeholder="15567637"
            onChange={(event) => field.onChange(event.target.value)}
          />
        </div>
      )}
    </Field>
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
