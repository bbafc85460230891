import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@groupflow/shell-kit';
import {
  canPerformHrActionOn,
  HR_ACTION_LABELS,
  HR_ACTION_TYPES,
  PROMOTION_ROLES,
  ROLE_INFO,
  type HrActionType,
  type StaffRole,
} from '@groupflow/core';
import { hrActionSchema, LIMITS } from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { serverMessage, useStaffApi } from '../../staff/session.ts';
import { roleName, type StaffUser } from '../../staff/staffUser.ts';
import { STAFF_LIST_KEY, useStaffList } from '../../staff/useStaffList.ts';

/** The dashboard's HR tool buttons, in the spec's order. */
export const HR_ACTIONS = HR_ACTION_TYPES.map((type) => ({ type, label: HR_ACTION_LABELS[type] }));

/** Spec 2 section 9; the server's schema holds the same bound. */
const MAX_SUSPENSION_DAYS = 365;

const DEFAULT_SUSPENSION_DAYS = 7;

interface HrDialogProps {
  type: HrActionType;
  actor: StaffUser;
  onClose: () => void;
}

export function HrDialog({ type, actor, onClose }: HrDialogProps) {
  const toast = useToast();
  const call = useStaffApi();
  const queryClient = useQueryClient();
  const ids = useId();
  const [targetStaffId, setTargetStaffId] = useState('');
  const [newRole, setNewRole] = useState<StaffRole | ''>('');
  const [suspensionDays, setSuspensionDays] = useState(String(DEFAULT_SUSPENSION_DAYS));
  const [reason, setReason] = useState('');
  const staff = useStaffList();
  const targets = (staff.data ?? []).filter((member) => canPerformHrActionOn(actor, member));
  const needsRole = type === 'promotion' || type === 'demotion';

  const settings = useQuery({
    queryKey: ['/api/staff/settings'],
    queryFn: () => call<{ leadershipEmail: string }>('/api/staff/settings'),
  });

  const perform = useMutation({
    mutationFn: (body: unknown) => call<{ emailSent: boolean }>('/api/staff/hr-action', 'POST', body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/staff/activities'] });
      toast({
        title: 'HR action completed successfully!',
        // The action stands even when the mail fails; say so rather than imply leadership was told.
        description: result.emailSent ? undefined : 'The notification email to leadership could not be sent.',
        variant: 'success',
      });
      onClose();
    },
    onError: (error) => toast({ title: 'HR action failed', description: serverMessage(error), variant: 'destructive' }),
  });

  const canConfirm = targetStaffId !== '' && reason.trim() !== '' && !perform.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canConfirm) return;
    const parsed = hrActionSchema.safeParse({
      type,
      targetStaffId: Number(targetStaffId),
      reason,
      newRole: needsRole && newRole ? newRole : undefined,
      suspensionDays: type === 'suspension' ? Number(suspensionDays) : undefined,
    });
    if (!parsed.success) {
      toast({ title: 'HR action failed', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    perform.mutate(parsed.data);
  };

  return (
    <Dialog title={`${HR_ACTION_LABELS[type]} Staff Member`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="label" htmlFor={`${ids}-target`}>
            Select Staff Member
          </label>
          <select
            id={`${ids}-target`}
            className="input"
            value={targetStaffId}
            onChange={(event) => setTargetStaffId(event.target.value)}
            required
          >
            <option value="">
              {staff.isPending ? 'Loading staff...' : staff.isError ? 'Failed to fetch staff users' : 'Choose a staff member'}
            </option>
            {targets.map((member) => (
              <option key={member.id} value={member.id}>
                {member.username} - {roleName(member.role)}
              </option>
            ))}
          </select>
        </div>
        {needsRole && (
          <div className="field">
            <label className="label" htmlFor={`${ids}-role`}>
              New Role
            </label>
            <select
              id={`${ids}-role`}
              className="input"
              value={newRole}
              onChange={(event) => setNewRole(event.target.value as StaffRole | '')}
            >
              <option value="">Choose the new role</option>
              {PROMOTION_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_INFO[role].displayName}
                </option>
              ))}
            </select>
          </div>
        )}
        {type === 'suspension' && (
          <div className="field">
            <label className="label" htmlFor={`${ids}-days`}>
              Suspension Duration (days)
            </label>
            <input
              id={`${ids}-days`}
              className="input"
              type="number"
              min={1}
              max={MAX_SUSPENSION_DAYS}
              step={1}
              value={suspensionDays}
              onChange={(event) => setSuspensionDays(event.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label className="label" htmlFor={`${ids}-reason`}>
            Reason (Required)
          </label>
          <textarea
            id={`${ids}-reason`}
            className="textarea"
            maxLength={LIMITS.reason}
            placeholder="Describe the reason for this action"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
          />
        </div>
        <div className="alert staff-warning" role="note">
          This action will be permanently recorded and automatically notifies{' '}
          {settings.data ? <strong>{settings.data.leadershipEmail}</strong> : 'the leadership team'}.
        </div>
        <DialogActions
          onCancel={onClose}
          label={`Confirm ${HR_ACTION_LABELS[type]}`}
          pendingLabel="Processing..."
          pending={perform.isPending}
          disabled={!canConfirm}
          danger={type === 'termination'}
        />
      </form>
    </Dialog>
  );
}
