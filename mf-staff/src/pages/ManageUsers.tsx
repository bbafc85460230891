import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@groupflow/shell-kit';
import { canDelete, canManageUsers, creatableRoles, ROLE_INFO, type StaffRole } from '@groupflow/core';
import { createStaffUserSchema, LIMITS } from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { SearchBox } from '../components/SearchBox.tsx';
import { ErrorState, LoadingState, PageHeader, StaffMemberCard, SummaryCard } from '../components/StaffMemberCard.tsx';
import { serverMessage, useStaffApi, useStaffUser } from '../staff/session.ts';
import { matchesSearch, summarize, type StaffUser } from '../staff/staffUser.ts';
import { STAFF_LIST_KEY, useStaffList } from '../staff/useStaffList.ts';
import './staff.css';

export default function ManageUsers() {
  const [user] = useStaffUser();
  if (!user) return <Navigate to="/staff-login" replace />;
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

function ManageUsersView({ viewer }: { viewer: StaffUser }) {
  const staff = useStaffList();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);

  let body;
  if (staff.isPending) body = <LoadingState label="Loading users..." />;
  else if (staff.isError) body = <ErrorState title="Failed to fetch staff users" onRetry={() => void staff.refetch()} />;
  else {
    const shown = staff.data.filter((member) => matchesSearch(member, search));
    const summary = summarize(staff.data);
    body = (
      <>
        {shown.length === 0 ? (
          <p className="card muted center">{search.trim() ? 'No users match your search.' : 'No users yet.'}</p>
        ) : (
          <div className="staff-card-grid staff-section">
            {shown.map((member) => (
              <StaffMemberCard key={member.id} user={member}>
                <div className="spread">
                  <span className={`badge ${member.clockedIn ? 'badge-success' : ''}`}>
                    {member.clockedIn ? 'Active' : 'Inactive'}
                  </span>
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
  }

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
      {adding && <AddUserDialog viewer={viewer} onClose={() => setAdding(false)} />}
      {deleting && <DeleteUserDialog target={deleting} onClose={() => setDeleting(null)} />}
    </main>
  );
}

function AddUserDialog({ viewer, onClose }: { viewer: StaffUser; onClose: () => void }) {
  const toast = useToast();
  const call = useStaffApi();
  const queryClient = useQueryClient();
  const ids = useId();
  const roles = creatableRoles(viewer.role);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [role, setRole] = useState<StaffRole>('customer_support');

  const create = useMutation({
    mutationFn: (body: unknown) => call<StaffUser>('/api/staff/create', 'POST', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });
      toast({ title: 'User created successfully!', variant: 'success' });
      onClose();
    },
    onError: (error) => toast({ title: 'Failed to create user', description: serverMessage(error), variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!username.trim() || !email.trim() || !password) {
      toast({ title: 'Please fill in all fields', variant: 'destructive' });
      return;
    }
    const parsed = createStaffUserSchema.safeParse({ username, email, password, role });
    if (!parsed.success) {
      toast({ title: 'Failed to create user', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    create.mutate(parsed.data);
  };

  return (
    <Dialog
      title="Add New User"
      description="The new staff member signs in with this password once and then chooses their own."
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="label" htmlFor={`${ids}-username`}>
            Username
          </label>
          <input
            id={`${ids}-username`}
            className="input"
            autoComplete="off"
            maxLength={LIMITS.name}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={`${ids}-email`}>
            Email
          </label>
          <input
            id={`${ids}-email`}
            className="input"
            type="email"
            autoComplete="off"
            maxLength={LIMITS.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={`${ids}-password`}>
            Password
          </label>
          <div className="row staff-password-row">
            <input
              id={`${ids}-password`}
              className="input"
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              maxLength={LIMITS.maxPassword}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-pressed={showPassword}
              aria-controls={`${ids}-password`}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${ids}-role`}>
            Role
          </label>
          <select
            id={`${ids}-role`}
            className="input"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {roles.map((option) => (
              <option key={option} value={option}>
                {ROLE_INFO[option].displayName}
              </option>
            ))}
          </select>
        </div>
        <DialogActions onCancel={onClose} label="Create User" pendingLabel="Creating..." pending={create.isPending} />
      </form>
    </Dialog>
  );
}

function DeleteUserDialog({ target, onClose }: { target: StaffUser; onClose: () => void }) {
  const toast = useToast();
  const call = useStaffApi();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call<void>(`/api/staff/${target.id}`, 'DELETE'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });
      toast({ title: 'User deleted successfully!', variant: 'success' });
      onClose();
    },
    onError: () => toast({ title: 'Failed to delete user', variant: 'destructive' }),
  });

  return (
    <Dialog
      title="Delete User"
      description={`Delete ${target.username} (${target.email})? Their account and sign-in end at once. This cannot be undone.`}
      onClose={onClose}
    >
      <DialogActions
        onCancel={onClose}
        label="Delete User"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        danger
        onConfirm={() => remove.mutate()}
      />
    </Dialog>
  );
}
