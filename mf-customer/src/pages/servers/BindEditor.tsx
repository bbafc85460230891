import { useState } from 'react';
import {
  Badge,
  Button,
  EmptyState,
  endpointKey,
  HttpError,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
  useToast,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { FieldLayout } from '@groupflow/shell-kit/form';
import { Select } from '@groupflow/shell-kit/select';
import { API, bindsBodySchema, type BindAnswer, type BindInput, type ServerRole } from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../errorTexts.ts';
import { groupParams } from '../roblox/robloxApi.ts';
import {
  groupOptions,
  NicknameExample,
  RoleListSelect,
  RoleProblem,
  roleLabel,
  unknownRole,
} from './serverPickers.tsx';

type BindKind = BindAnswer['kind'];

/** What each kind asks for beside its roles; the contract's bindInputSchema holds the same rule for the API. */
const KINDS: Record<BindKind, { label: string; hint: string; needs: 'nothing' | 'group' | 'rank' | 'range' | 'item' }> =
  {
    verified: { label: 'Verified account', hint: 'Every member with a proven Roblox account.', needs: 'nothing' },
    group: { label: 'In a group', hint: 'Members of the group, at any rank.', needs: 'group' },
    rank: { label: 'Exact rank', hint: 'Members holding exactly this rank.', needs: 'rank' },
    rankRange: {
      label: 'Rank range',
      hint: 'Members ranked from the lowest to the highest, both included.',
      needs: 'range',
    },
    gamepass: { label: 'Game pass', hint: "Owners of the game pass (read from Roblox's inventory).", needs: 'item' },
    badge: { label: 'Badge', hint: 'Members who earned the badge.', needs: 'item' },
    asset: { label: 'Asset', hint: "Owners of the asset (read from Roblox's inventory).", needs: 'item' },
  };
const KIND_OPTIONS = Object.entries(KINDS).map(([value, { label }]) => ({ value, label }));
const ITEM_NAMES: Partial<Record<BindKind, string>> = { gamepass: 'Game pass', badge: 'Badge', asset: 'Asset' };

/** Spec 1 section 9: the rank list is retried twice. */
const RANK_RETRIES = 2;

/** A bind as the editor holds it: every picker's value as text, '' while not chosen. */
export interface BindRow {
  key: string;
  id?: string;
  kind: BindKind;
  groupId: string;
  rankId: string;
  minRank: string;
  maxRank: string;
  assetId: string;
  roleIds: string[];
  nickname: string;
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

const fromBind = (bind: BindAnswer): BindRow => ({
  key: bind.id,
  id: bind.id,
  kind: bind.kind,
  groupId: text(bind.groupId),
  rankId: text(bind.rankId),
  minRank: text(bind.minRank),
  maxRank: text(bind.maxRank),
  assetId: text(bind.assetId),
  roleIds: bind.roleIds,
  nickname: bind.nickname ?? '',
});

/** The row as PUT takes it: fields its kind does not use are left out, so switching kinds leaves nothing behind. */
function toInput(row: BindRow): BindInput {
  const { needs } = KINDS[row.kind];
  const rank = (value: string) => (/^\d+$/.test(value) ? Number(value) : undefined);
  return {
    id: row.id,
    kind: row.kind,
    groupId: needs === 'group' || needs === 'rank' || needs === 'range' ? row.groupId || undefined : undefined,
    rankId: needs === 'rank' ? rank(row.rankId) : undefined,
    minRank: needs === 'range' ? rank(row.minRank) : undefined,
    maxRank: needs === 'range' ? rank(row.maxRank) : undefined,
    assetId: needs === 'item' ? row.assetId.trim() || undefined : undefined,
    roleIds: row.roleIds,
    nickname: row.nickname.trim() || null,
  };
}

/** Refusals by `<row>.<field>` (the schema's and the API's issues name `binds.<row>.<field>`), the rest as one. */
interface Refusal {
  fields: Record<string, string>;
  root: string | null;
}
const NO_REFUSAL: Refusal = { fields: {}, root: null };

function refusalOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Refusal {
  const refusal: Refusal = { fields: {}, root: null };
  for (const { path, message } of issues) {
    const [list, row, field] = path;
    if (list === 'binds' && typeof row === 'number' && typeof field === 'string') {
      refusal.fields[`${row}.${field}`] ??= message;
    } else refusal.root ??= message;
  }
  if (refusal.root === null && Object.keys(refusal.fields).length)
    refusal.root = 'Some binds need a change: see the marked fields.';
  return refusal;
}

/** A rank of one group, picked from the group's real ranks; a rank number typed in when they cannot be loaded. */
function RankPicker({
  label,
  groupId,
  value,
  error,
  onChange,
}: {
  label: string;
  groupId: string;
  value: string;
  error: string | undefined;
  onChange: (rankId: string) => void;
}) {
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(groupId), {
    enabled: groupId !== '',
    retry: RANK_RETRIES,
  });
  if (ranks.isError)
    return (
      <FieldLayout
        label={label}
        error={error}
        hint={`${errorText(ranks.error) ?? "Could not load the group's ranks"}: enter the rank number (0-255).`}
      >
        {(aria) => (
          <input
            className="input"
            inputMode="numeric"
            {...aria}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </FieldLayout>
    );
  const list = ranks.data ?? [];
  const options = [
    ...(value && !list.some((rank) => String(rank.rankId) === value) ? [{ value, label: `Rank ${value}` }] : []),
    ...list.map((rank) => ({ value: String(rank.rankId), label: `${rank.rankName} (rank ${rank.rankId})` })),
  ];
  const placeholder = !groupId ? 'Choose a group first' : ranks.isPending ? 'Loading ranks...' : 'Choose a rank';
  return (
    <FieldLayout label={label} error={error}>
      {(aria) => (
        <Select
          {...aria}
          options={options}
          value={value}
          placeholder={placeholder}
          disabled={!groupId || ranks.isPending}
          onValueChange={onChange}
        />
      )}
    </FieldLayout>
  );
}

function BindCard({
  row,
  index,
  roles,
  groups,
  refusal,
  onChange,
  onAddRole,
  onRemove,
}: {
  row: BindRow;
  index: number;
  roles: ServerRole[];
  groups: { value: string; label: string }[];
  refusal: Refusal;
  onChange: (change: Partial<BindRow>) => void;
  onAddRole: (role: ServerRole, roleIds: string[]) => void;
  onRemove: () => void;
}) {
  const { needs } = KINDS[row.kind];
  const error = (field: string) => refusal.fields[`${index}.${field}`];
  const chosen = row.roleIds.map((id) => roles.find((role) => role.id === id) ?? unknownRole(id));
  const elevated = chosen.filter((role) => role.elevated);
  return (
    <div className="cs-bindcard stack" role="group" aria-label={`Bind ${index + 1}`}>
      <div className="cs-bind-fields">
        <FieldLayout label="Kind" hint={KINDS[row.kind].hint} error={error('kind')}>
          {(aria) => (
            <Select
              {...aria}
              options={KIND_OPTIONS}
              value={row.kind}
              onValueChange={(kind) => onChange({ kind: kind as BindKind })}
            />
          )}
        </FieldLayout>
        {needs !== 'nothing' && needs !== 'item' && (
          <FieldLayout label="Group" error={error('groupId')}>
            {(aria) => (
              <Select
                {...aria}
                options={groups}
                value={row.groupId}
                placeholder={groups.length ? 'Choose a group' : 'No connected groups'}
                onValueChange={(groupId) => onChange({ groupId, rankId: '', minRank: '', maxRank: '' })}
              />
            )}
          </FieldLayout>
        )}
        {needs === 'rank' && (
          <RankPicker
            label="Rank"
            groupId={row.groupId}
            value={row.rankId}
            error={error('rankId')}
            onChange={(rankId) => onChange({ rankId })}
          />
        )}
        {needs === 'range' && (
          <>
            <RankPicker
              label="Lowest rank"
              groupId={row.groupId}
              value={row.minRank}
              error={error('minRank')}
              onChange={(minRank) => onChange({ minRank })}
            />
            <RankPicker
              label="Highest rank"
              groupId={row.groupId}
              value={row.maxRank}
              error={error('maxRank')}
              onChange={(maxRank) => onChange({ maxRank })}
            />
          </>
        )}
        {needs === 'item' && (
          <FieldLayout
            label={`${ITEM_NAMES[row.kind]} id`}
            hint="The number in the item's Roblox address."
            error={error('assetId')}
          >
            {(aria) => (
              <input
                className="input"
                inputMode="numeric"
                {...aria}
                value={row.assetId}
                onChange={(event) => onChange({ assetId: event.target.value })}
              />
            )}
          </FieldLayout>
        )}
      </div>
      <FieldLayout
        label="Roles"
        hint="Given to every member this bind matches, taken when they no longer match it."
        error={error('roleIds')}
      >
        {(aria) => (
          <RoleListSelect
            {...aria}
            label="Roles"
            roles={roles}
            value={row.roleIds}
            onChange={(roleIds) => {
              const added = roles.find((role) => roleIds.includes(role.id) && !row.roleIds.includes(role.id));
              if (added?.elevated) onAddRole(added, roleIds);
              else onChange({ roleIds });
            }}
          />
        )}
      </FieldLayout>
      {(elevated.length > 0 || chosen.some((role) => role.problem)) && (
        <div className="cs-bind-note">
          {elevated.length > 0 && (
            <Badge tone="warning">Elevated: {elevated.map((role) => role.name).join(', ')}</Badge>
          )}
          {chosen.map((role) => (
            <RoleProblem key={role.id} role={role} />
          ))}
        </div>
      )}
      <FieldLayout
        label="Nickname (optional)"
        hint="Replaces the server's nickname template for members this bind matches."
        error={error('nickname')}
      >
        {(aria) => (
          <input
            className="input"
            {...aria}
            value={row.nickname}
            placeholder="Empty: the server's template"
            onChange={(event) => onChange({ nickname: event.target.value })}
          />
        )}
      </FieldLayout>
      <NicknameExample template={row.nickname} />
      <div className="row cs-bindcard-actions">
        <Button variant="outline" aria-label={`Remove bind ${index + 1}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </div>
  );
}

function BindList({
  serverId,
  roles,
  boundGroupId,
  rows,
  edited,
  onChange,
}: {
  serverId: string;
  roles: ServerRole[];
  boundGroupId: string;
  rows: BindRow[];
  /** The rows differ from what is saved. */
  edited: boolean;
  /** null: back to the saved binds. */
  onChange: (rows: BindRow[] | null) => void;
}) {
  const toast = useToast();
  const call = { params: { id: serverId } };
  const groups = useEndpointQuery(API.roblox.listConnectedGroups);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [removing, setRemoving] = useState<number | null>(null);
  const [elevating, setElevating] = useState<{ index: number; role: ServerRole; roleIds: string[] } | null>(null);
  // Set once the customer confirmed an elevated role in this editor: the save then says allowElevated.
  const [allowElevated, setAllowElevated] = useState(false);
  const [confirming, setConfirming] = useState<{ touched: number | undefined } | null>(null);
  const body = { binds: rows.map(toInput), ...(allowElevated ? { allowElevated } : {}) };

  const refused = (error: Error) => {
    if (error instanceof HttpError && error.issues.length) setRefusal(refusalOf(error.issues));
    else toast(failureToast('Binds Not Saved', 'Could not save the binds.')(error));
    setConfirming(null);
  };
  const dryRun = useEndpointMutation(API.servers.replaceServerBinds, {
    onSuccess: ({ touched }) => setConfirming({ touched }),
    onError: refused,
  });
  const save = useEndpointMutation(API.servers.replaceServerBinds, {
    invalidates: [
      endpointKey(API.servers.listServerBinds, call),
      // The bound group's rank binds are the config's rankBinds, and the save starts a server-wide sync.
      endpointKey(API.servers.getServerConfig, call),
      endpointKey(API.servers.readServerSyncProgress, call),
    ],
    success: { title: 'Binds Saved', description: 'A server-wide sync is applying them to every member.' },
    onSuccess: () => {
      setConfirming(null);
      setAllowElevated(false);
      onChange(null);
    },
    onError: refused,
  });

  const edit = (index: number, change: Partial<BindRow>) => {
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
    setRefusal(NO_REFUSAL);
  };
  const add = () => {
    const groupId = boundGroupId || groups.data?.[0]?.groupId || '';
    const row: BindRow = {
      key: `new-${Date.now()}-${rows.length}`,
      kind: 'rank',
      groupId,
      rankId: '',
      minRank: '',
      maxRank: '',
      assetId: '',
      roleIds: [],
      nickname: '',
    };
    onChange([...rows, row]);
  };
  const check = () => {
    const parsed = bindsBodySchema.safeParse(body);
    if (!parsed.success) return setRefusal(refusalOf(parsed.error.issues));
    setRefusal(NO_REFUSAL);
    dryRun.mutate({ ...call, query: { dryRun: 'true' }, body: parsed.data });
  };
  const options = groupOptions(groups.data ?? [], [boundGroupId, ...rows.map((row) => row.groupId)]);

  return (
    <section className="stack" aria-labelledby="cs-binds-title">
      <div className="spread">
        <h3 id="cs-binds-title" className="label cs-section-title">
          Binds
        </h3>
        <Button variant="outline" onClick={add}>
          Add bind
        </Button>
      </div>
      <p className="field-hint">
        A verified member holds exactly the roles of the binds they match and loses bound roles they no longer match;
        roles no bind names are never touched.
      </p>
      {rows.length === 0 ? (
        <EmptyState
          title="No binds yet — add one"
          description="A bind gives roles to members by their proof, group, rank or the items they own."
        />
      ) : (
        rows.map((row, index) => (
          <BindCard
            key={row.key}
            row={row}
            index={index}
            roles={roles}
            groups={options}
            refusal={refusal}
            onChange={(change) => edit(index, change)}
            onAddRole={(role, roleIds) => setElevating({ index, role, roleIds })}
            onRemove={() => setRemoving(index)}
          />
        ))
      )}
      {refusal.root && (
        <div className="alert alert-danger" role="alert">
          {refusal.root}
        </div>
      )}
      <div className="row cs-binds-actions">
        {edited && (
          <Button variant="outline" onClick={() => onChange(null)}>
            Discard changes
          </Button>
        )}
        <Button disabled={!edited} pending={dryRun.isPending} pendingLabel="Checking..." onClick={check}>
          Save binds
        </Button>
      </div>
      {!edited && <p className="muted small cs-binds-note">No unsaved changes.</p>}
      {removing !== null && rows[removing] && (
        <AlertDialog
          title="Remove this bind?"
          description={`Members who hold ${
            rows[removing].roleIds
              .map((id) => roleLabel(roles.find((role) => role.id === id) ?? unknownRole(id)))
              .join(', ') || 'its roles'
          } only through it lose them once you save.`}
          confirmLabel="Remove bind"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            onChange(rows.filter((_, at) => at !== removing));
            setRefusal(NO_REFUSAL);
            setRemoving(null);
          }}
        />
      )}
      {elevating && (
        <AlertDialog
          title="Bind an elevated role?"
          description={`${elevating.role.name} can moderate members or change the server. Every member this bind matches would get it from the bot.`}
          confirmLabel="Allow elevated role"
          onCancel={() => setElevating(null)}
          onConfirm={() => {
            edit(elevating.index, { roleIds: elevating.roleIds });
            setAllowElevated(true);
            setElevating(null);
          }}
        />
      )}
      {confirming && (
        <AlertDialog
          title="Save binds?"
          description={`${
            confirming.touched === undefined
              ? ''
              : `${confirming.touched} ${confirming.touched === 1 ? 'member' : 'members'} would gain or lose a role or change nickname (counted from stored links and ranks). `
          }A server-wide sync starts and applies the binds to every member.`}
          confirmLabel="Save binds"
          pendingLabel="Saving..."
          pending={save.isPending}
          danger={false}
          onCancel={() => setConfirming(null)}
          onConfirm={() => save.mutate({ ...call, query: {}, body })}
        />
      )}
    </section>
  );
}

/** The server's binds (issue 35): the draft lives with the dialog so switching tabs keeps it. */
export function BindEditor({
  serverId,
  roles,
  boundGroupId,
  draft,
  onDraft,
}: {
  serverId: string;
  roles: ServerRole[];
  boundGroupId: string;
  draft: BindRow[] | null;
  onDraft: (rows: BindRow[] | null) => void;
}) {
  const binds = useEndpointQuery(API.servers.listServerBinds, { params: { id: serverId } });
  return (
    <QueryView
      query={binds}
      loading="Loading binds..."
      error={(error) => errorText(error) ?? 'Could not load the binds.'}
    >
      {(answer) => (
        <BindList
          serverId={serverId}
          roles={roles}
          boundGroupId={boundGroupId}
          rows={draft ?? answer.binds.map(fromBind)}
          edited={draft !== null}
          onChange={onDraft}
        />
      )}
    </QueryView>
  );
}
