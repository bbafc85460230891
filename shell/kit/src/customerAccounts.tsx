import { useState } from 'react';
// The main entry by its package name: it is the shell's shared singleton (toasts, error texts, query client), and
// this entry is bundled into each remote that imports it.
import {
  Badge,
  Button,
  EmptyState,
  QueryView,
  SearchBox,
  useDebouncedValue,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import {
  API,
  banCustomerSchema,
  CUSTOMER_ROLES,
  customerRoleChangeSchema,
  CUSTOMER_SEARCH_MIN_LENGTH,
  LIMITS,
  unbanCustomerSchema,
  type BanCustomerInput,
  type CustomerAccountWire,
  type CustomerMatchWire,
  type StaffPermission,
} from '@groupflow/core/contracts';
import { Dialog, DialogActions } from './dialog.tsx';
import { useController } from 'react-hook-form';
import { Field, Form, useZodForm, type FieldName, type FieldValues } from './form.tsx';
import { SelectField } from './selectField.tsx';
import { FieldLayout } from './ui/FieldLayout.tsx';

/** Where a ban is decided, named in the staff activity log. */
export type BanSource = NonNullable<BanCustomerInput['source']>;

export interface CustomerAccountsProps {
  /** The signed-in member's permissions (validate-token): Ban/Unban and the role change are offered only with them. */
  permissions: readonly StaffPermission[];
  /** A fixed search (a ticket's customer email) instead of the search box. */
  fixedSearch?: string;
  /** The ticket or policy violation a ban from here answers; the server checks it exists and logs it. */
  source?: BanSource;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Customer accounts with their ban and role, and the actions the member may take on them (issue 26 item 8): the
 * staff area's Manage Users and ticket views, and the legal area's policy violations.
 */
export function CustomerAccounts({ permissions, fixedSearch, source }: CustomerAccountsProps) {
  const [typed, setTyped] = useState('');
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = (fixedSearch ?? debounced).trim();
  const accounts = useEndpointQuery(API.customer.listCustomerAccounts, {
    query: { search: search || undefined },
  });
  const [banning, setBanning] = useState<CustomerAccountWire | null>(null);
  const [unbanning, setUnbanning] = useState<CustomerAccountWire | null>(null);
  const [changingRole, setChangingRole] = useState<CustomerAccountWire | null>(null);
  const mayBan = permissions.includes('customers.ban');
  const mayChangeRole = permissions.includes('customers.role');

  const body = (
    <QueryView
      query={accounts}
      loading="Loading customer accounts..."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          title="No customer accounts found"
          description={search ? `No customer account matches "${search}".` : 'No customer has signed in yet.'}
        />
      }
    >
      {(list) => (
        <ul className="kit-customer-accounts" aria-label="Customer accounts">
          {list.map((account) => (
            <li key={account.id} className="card kit-customer-account">
              <div className="kit-customer-account-head">
                <strong>{account.username}</strong>
                <span className="muted small">#{account.id}</span>
                <Badge>{account.role}</Badge>
                {account.isBanned && <Badge tone="danger">Banned</Badge>}
              </div>
              <p className="muted small kit-customer-account-ids">
                {[
                  account.email,
                  account.discordId && `Discord ${account.discordId}`,
                  account.robloxUsername && `Roblox ${account.robloxUsername}`,
                ]
                  .filter(Boolean)
                  .join(' • ') || 'No email or linked account'}
              </p>
              {account.isBanned && (
                <p className="small kit-customer-account-ban">
                  Banned by {account.bannedBy ?? 'unknown'}
                  {account.bannedAt && ` on ${new Date(account.bannedAt).toLocaleString()}`}: {account.bannedReason}
                </p>
              )}
              {(mayBan || mayChangeRole) && (
                <div className="row kit-customer-account-actions">
                  {mayBan &&
                    (account.isBanned ? (
                      <Button
                        variant="outline"
                        onClick={() => setUnbanning(account)}
                        aria-label={`Unban ${account.username}`}
                      >
                        Unban
                      </Button>
                    ) : (
                      <Button
                        variant="danger"
                        onClick={() => setBanning(account)}
                        aria-label={`Ban ${account.username}`}
                      >
                        Ban
                      </Button>
                    ))}
                  {mayChangeRole && (
                    <Button
                      variant="outline"
                      onClick={() => setChangingRole(account)}
                      aria-label={`Change role for ${account.username}`}
                    >
                      Change role
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );

  return (
    <div className="kit-customer-accounts-panel">
      {fixedSearch === undefined && (
        <SearchBox
          value={typed}
          onChange={setTyped}
          label="Search customers"
          placeholder="Name, email, Discord id or Roblox name"
        />
      )}
      {body}
      {banning && <BanDialog account={banning} source={source} onClose={() => setBanning(null)} />}
      {unbanning && <UnbanDialog account={unbanning} onClose={() => setUnbanning(null)} />}
      {changingRole && <RoleDialog account={changingRole} onClose={() => setChangingRole(null)} />}
    </div>
  );
}

/** After any change: every customer list and the activity feed that records it refetch, and the dialog closes. */
const changeOptions = (onClose: () => void, title: string, failure: string) => ({
  invalidates: [API.customer.listCustomerAccounts, API.staff.listStaffActivities],
  success: (account: CustomerAccountWire) => ({ title, description: account.username, variant: 'success' as const }),
  failure,
  onSuccess: onClose,
});

function BanDialog({
  account,
  source,
  onClose,
}: {
  account: CustomerAccountWire;
  source: BanSource | undefined;
  onClose: () => void;
}) {
  const form = useZodForm(banCustomerSchema, { defaultValues: { userId: account.id, reason: '', source } });
  const reason = form.watch('reason');
  const ban = useEndpointMutation(API.customer.banCustomer, changeOptions(onClose, 'Customer banned', 'Ban failed'));
  return (
    <Dialog
      title={`Ban ${account.username}`}
      description="The customer is signed out everywhere at once, cannot sign in, and the bot refuses their commands and gives them no roles."
      onClose={onClose}
    >
      <Form form={form} onSubmit={(body) => ban.mutateAsync({ body }).catch(() => undefined)}>
        <Field control={form.control} name="reason" label="Ban reason (Required)">
          {(control) => (
            <textarea
              className="textarea"
              maxLength={LIMITS.reason}
              placeholder="What the customer did; they are shown this reason"
              {...control}
            />
          )}
        </Field>
        <DialogActions
          onCancel={onClose}
          label="Ban customer"
          pendingLabel="Banning..."
          pending={form.formState.isSubmitting}
          disabled={!String(reason ?? '').trim()}
          danger
        />
      </Form>
    </Dialog>
  );
}

function UnbanDialog({ account, onClose }: { account: CustomerAccountWire; onClose: () => void }) {
  const form = useZodForm(unbanCustomerSchema, { defaultValues: { userId: account.id, reason: '' } });
  const reason = form.watch('reason');
  const unban = useEndpointMutation(API.customer.unbanCustomer, changeOptions(onClose, 'Ban lifted', 'Unban failed'));
  return (
    <Dialog
      title={`Unban ${account.username}`}
      description={`Banned by ${account.bannedBy ?? 'unknown'}: ${account.bannedReason ?? ''}`}
      onClose={onClose}
    >
      <Form form={form} onSubmit={(body) => unban.mutateAsync({ body }).catch(() => undefined)}>
        <Field control={form.control} name="reason" label="Reason (Required)">
          {(control) => (
            <textarea
              className="textarea"
              maxLength={LIMITS.reason}
              placeholder="Why the ban is lifted (an accepted appeal, a mistake)"
              {...control}
            />
          )}
        </Field>
        <DialogActions
          onCancel={onClose}
          label="Lift ban"
          pendingLabel="Lifting..."
          pending={form.formState.isSubmitting}
          disabled={!String(reason ?? '').trim()}
        />
      </Form>
    </Dialog>
  );
}

function RoleDialog({ account, onClose }: { account: CustomerAccountWire; onClose: () => void }) {
  const form = useZodForm(customerRoleChangeSchema, { defaultValues: { userId: account.id, role: '' } });
  const role = form.watch('role');
  const change = useEndpointMutation(
    API.customer.changeCustomerRole,
    changeOptions(onClose, 'Role changed', 'Role change failed'),
  );
  return (
    <Dialog
      title={`Change the role of ${account.username}`}
      description={`Current role: ${account.role}`}
      onClose={onClose}
    >
      <Form form={form} onSubmit={(body) => change.mutateAsync({ body }).catch(() => undefined)}>
        <SelectField
          control={form.control}
          name="role"
          label="New role"
          placeholder="Choose a role"
          options={CUSTOMER_ROLES.filter((option) => option !== account.role).map((option) => ({
            value: option,
            label: option,
          }))}
        />
        <DialogActions
          onCancel={onClose}
          label="Change role"
          pendingLabel="Saving..."
          pending={form.formState.isSubmitting}
          disabled={!role}
        />
      </Form>
    </Dialog>
  );
}

/**
 * Names the customer a legal case or a violation report concerns (issue 36), as a field of a form: type at least two
 * letters of a name, pick one of the few matches, or remove the choice. The field holds the picked customer's id as
 * text ('' while none is), so a refusal of the choice set on the field (`form.setError(name, ...)`) shows under it.
 * Any staff member may search (names only).
 */
export function CustomerField<T extends FieldValues, Out>({
  control,
  name,
  label = 'Customer (optional)',
}: FieldName<T, Out> & { label?: string }) {
  const { field, fieldState } = useController({ control, name });
  // The form keeps the id; the name shown beside it is the match it was picked from (gone once the form resets).
  const [picked, setPicked] = useState<CustomerMatchWire | null>(null);
  const value = picked && String(picked.id) === field.value ? picked : null;
  const onChange = (match: CustomerMatchWire | null) => {
    setPicked(match);
    field.onChange(match ? String(match.id) : '');
  };
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const searching = search.length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const matches = useEndpointQuery(API.customer.searchCustomers, { query: { q: search } }, { enabled: searching });

  const status = !searching
    ? `Type at least ${CUSTOMER_SEARCH_MIN_LENGTH} letters of the customer's name`
    : matches.isPending
      ? 'Searching...'
      : matches.isError
        ? 'Could not search customers. Try again.'
        : matches.data.length === 0
          ? `No customer is named like "${search}"`
          : null;

  return (
    <FieldLayout
      label={label}
      hint={value ? undefined : status}
      error={fieldState.error?.message}
      className="kit-customer-picker"
    >
      {(aria) =>
        value ? (
          <div className="kit-customer-picked">
            <span id={aria.id}>
              <strong>{value.username}</strong> <span className="muted small">#{value.id}</span>
            </span>
            <Button variant="ghost" onClick={() => onChange(null)} aria-label={`Remove ${value.username}`}>
              Remove
            </Button>
          </div>
        ) : (
          <>
            <input
              {...aria}
              className="input"
              type="search"
              placeholder="Type a name"
              autoComplete="off"
              ref={field.ref}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={field.onBlur}
            />
            {searching && matches.data && matches.data.length > 0 && (
              <ul className="kit-customer-matches" aria-label="Matching customers">
                {matches.data.map((match) => (
                  <li key={match.id}>
                    <button type="button" className="kit-customer-match" onClick={() => onChange(match)}>
                      <strong>{match.username}</strong>
                      <span className="muted small">
                        #{match.id}
                        {match.robloxUsername ? ` · Roblox: ${match.robloxUsername}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
      }
    </FieldLayout>
  );
}
