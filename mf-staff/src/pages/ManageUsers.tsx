import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@groupflow/shell-kit/router';
import {
  Button,
  may,
  QueryView,
  SearchBox,
  useEndpointMutation,
  useStaffSession,
  useToast,
} from '@groupflow/shell-kit';
import {
  API,
  canDelete,
  canManageUsers,
  canResetPasswords,
  creatableRoles,
  ROLE_INFO,
} from '@groupflow/core/contracts';
import { createStaffUserSchema, LIMITS } from '@groupflow/core/contracts';
import { AlertDialog, Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { applyServerIssues, Field, Form, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { PageHeader, StaffMemberCard, SummaryCard } from '../components/StaffMemberCard.tsx';
import { matchesSearch, summarize } from '../staff/staffUser.ts';
import type { SignedInStaffUserWire, StaffUser } from '@groupflow/core/contracts';
import { CustomerAccounts } from '@groupflow/shell-kit/customer-accounts';
import { useListStaff } from '../staff/useListStaff.ts';
import './staff.css';

export default function ManageUsers() {
  const { user } = useStaffSession<SignedInStaffUserWire>();
  if (!user) return null;
  if (!canManageUsers(user.role)) return <AccessDenied />;
  return <ManageUsersView viewer={user} />;
}

function AccessDenied() {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Access Denied', description: "You don't have permission to manage users", variant: 'destructive' });
    navigate('/staff-dashboard', { replace: true });
  }, [toast, navigate]);
  return null;
}

function ManageUsersView({ viewer }: { viewer: SignedInStaffUserWire }) {
  const staff = useListStaff();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const [resettingMfa, setResettingMfa] = useState<StaffUser | null>(null);

  const body = (
    <QueryView query={staff} loading="Loading users..." error="Failed to fetch staff users">
      {(members) => {
        const shown = members.filter((member) => matchesSearch(member, search));
        const summary = summarize(members);
        return (
          <>
            {shown.length === 0 ? (
              <p className="card muted center">{search.trim() ? 'No users match your search.' : 'No users yet.'}</p>
            ) : (
              <div className="staff-card-grid staff-section">
                {shown.map((member) => (
                  <StaffMemberCard key={member.id} user={member}>
                    <div className="spread">
                      {/* The account's state (isActive), not the clock: the dot above shows the clock. */}
                      <span className={`badge ${member.isActive ? 'badge-success' : ''}`}>
                        {member.isActive ? 'Active' : 'Inactive'}
                      </span>
                      {member.mfaEnabled && canResetPasswords(viewer.role) && (
                        <Button
                          variant="outline"
                          className="staff-card-action"
                          onClick={() => setResettingMfa(member)}
                          aria-label={`Reset 2FA of ${member.username}`}
                        >
                          Reset 2FA
                        </Button>
                      )}
                      {canDelete(viewer, member) && (
                        <button
                          type="button"
                          className="btn btn-outline staff-delete"
                          onClick={() => setDeleting(member)}
                          aria-label={`Delete ${member.username}`}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                  </StaffMemberCard>
                ))}
              </div>
            )}
            <SummaryCard
              title="User Summary"
              items={[
                ['Total Users', summary.total],
                ['Active Users', summary.active],
                ['Currently Online', summary.clockedIn],
                ['Leadership', summary.leadership],
              ]}
            />
          </>
        );
      }}
    </QueryView>
  );

  return (
    <main className="container page staff-page">
      <PageHeader
        title="Manage Users"
        subtitle="Create and remove staff accounts"
        actions={
          <>
            <Link className="btn btn-outline" to="/staff-dashboard">
              Back to Dashboard
            </Link>
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add New User
            </button>
          </>
        }
      />
      <SearchBox value={search} onChange={setSearch} label="Search users" />
      {body}
      {(may(viewer, 'customers.ban') || may(viewer, 'customers.role')) && (
        <section className="staff-section" aria-labelledby="customer-accounts-title">
          <h2 id="customer-accounts-title">Customer Accounts</h2>
          <p className="muted small">
            Ban or unban a customer account, with a reason; the platform owner also sets its role.
          </p>
          <CustomerAccounts permissions={viewer.permissions} />
        </section>
      )}
      {adding && <AddUserDialog viewer={viewer} onClose={() => setAdding(false)} />}
      {deleting && <DeleteUserDialog target={deleting} onClose={() => setDeleting(null)} />}
      {resettingMfa && <ResetMfaDialog target={resettingMfa} onClose={() => setResettingMfa(null)} />}
    </main>
  );
}

/** Issued passwords are typed once and replaced at the first sign-in: random, and long enough not to matter. */
const ISSUED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
function generateIssuedPassword(): string {
  const picks = crypto.getRandomValues(new Uint32Array(LIMITS.minIssuedPassword));
  return Array.from(picks, (pick) => ISSUED_ALPHABET[pick % ISSUED_ALPHABET.length]).join('');
}

function AddUserDialog({ viewer, onClose }: { viewer: StaffUser; onClose: () => void }) {
  const toast = useToast();
  const roles = creatableRoles(viewer.role);
  const [showPassword, setShowPassword] = useState(false);
  const form = useZodForm(createStaffUserSchema, {
    defaultValues: { username: '', email: '', password: '', role: 'customer_support' },
  });

  const create = useEndpointMutation(API.staff.createStaffUser, {
    invalidates: [API.staff.listStaff],
    success: 'User created successfully!',
    failure: 'Failed to create user',
    onSuccess: onClose,
    // A rule only the server knows (a taken username or email) also shows under its field.
    onError: (error) => applyServerIssues(form, error),
  });

  // Spec 2: a blank field is also announced as 'Please fill in all fields', besides its own message.
  const onInvalid = () => {
    const { username, email, password } = form.getValues();
    if (!username.trim() || !email.trim() || !password)
      toast({ title: 'Please fill in all fields', variant: 'destructive' });
  };

  return (
    <Dialog
      title="Add New User"
      description="The new staff member signs in with this password once and then chooses their own."
      onClose={onClose}
    >
      <Form
        form={form}
        onSubmit={(user) => create.mutateAsync({ body: user }).catch(() => undefined)}
        onInvalid={onInvalid}
      >
        <Field control={form.control} name="username" label="Username">
          {(control) => <input className="input" autoComplete="off" maxLength={LIMITS.name} {...control} />}
        </Field>
        <Field control={form.control} name="email" label="Email">
          {(control) => (
            <input className="input" type="email" autoComplete="off" maxLength={LIMITS.email} {...control} />
          )}
        </Field>
        <Field control={form.control} name="password" label="Password">
          {(control) => (
            <div className="row staff-password-row">
              <input
                className="input"
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                maxLength={LIMITS.maxPassword}
                {...control}
              />
              <Button
                variant="outline"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls={control.id}
              >
                {showPassword ? 'Hide' : 'Show'}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  form.setValue('password', generateIssuedPassword());
                  form.clearErrors('password');
                  setShowPassword(true);
                }}
                aria-controls={control.id}
              >
                Generate
              </Button>
            </div>
          )}
        </Field>
        <SelectField
          control={form.control}
          name="role"
          label="Role"
          options={roles.map((role) => ({ value: role, label: ROLE_INFO[role].displayName }))}
        />
        <DialogActions
          onCancel={onClose}
          label="Create User"
          pendingLabel="Creating..."
          pending={form.formState.isSubmitting}
        />
      </Form>
    </Dialog>
  );
}

function DeleteUserDialog({ target, onClose }: { target: StaffUser; onClose: () => void }) {
  const remove = useEndpointMutation(API.staff.deleteStaffUser, {
    invalidates: [API.staff.listStaff],
    success: 'User deleted successfully!',
    failure: () => ({ title: 'Failed to delete user', variant: 'destructive' }),
    onSuccess: onClose,
  });

  return (
    <AlertDialog
      title="Delete User"
      description={`Delete ${target.username} (${target.email})? Their account and sign-in end at once. This cannot be undone.`}
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ params: { id: target.id } })}
      onCancel={onClose}
    />
  );
}

function ResetMfaDialog({ target, onClose }: { target: StaffUser; onClose: () => void }) {
  const reset = useEndpointMutation(API.staff.resetStaffMfa, {
    invalidates: [API.staff.listStaff],
    success: 'Two-factor authentication reset',
    failure: 'Failed to reset two-factor authentication',
    onSuccess: onClose,
  });

  return (
    <AlertDialog
      title="Reset Two-Factor Authentication"
      description={`Turn off two-factor authentication for ${target.username} (${target.email})? Their sessions end, their recovery codes stop working, and they sign in with their password alone until they set it up again.`}
      confirmLabel="Reset 2FA"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      danger
      onConfirm={() => reset.mutate({ body: { staffId: target.id } })}
      onCancel={onClose}
    />
  );
}
