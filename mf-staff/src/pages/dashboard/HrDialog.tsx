import { useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import {
  API,
  canPerformHrActionOn,
  HR_ACTION_LABELS,
  HR_ACTION_TYPES,
  hrRoleChoices,
  ROLE_INFO,
  type HrActionType,
} from '@groupflow/core/contracts';
import { hrActionSchema, LIMITS } from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Field, Form, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { roleName } from '../../staff/staffUser.ts';
import type { StaffUser } from '@groupflow/core/contracts';
import { useListStaff } from '../../staff/useListStaff.ts';

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
  const form = useZodForm(hrActionSchema, {
    defaultValues: {
      type,
      targetStaffId: '',
      reason: '',
      suspensionDays: type === 'suspension' ? DEFAULT_SUSPENSION_DAYS : undefined,
    },
  });
  const [targetStaffId, reason, newRole] = form.watch(['targetStaffId', 'reason', 'newRole']);
  const staff = useListStaff();
  const targets = (staff.data ?? []).filter((member) => canPerformHrActionOn(actor, member));
  const needsRole = type === 'promotion' || type === 'demotion';
  const target = targets.find((member) => String(member.id) === String(targetStaffId));

  const settings = useEndpointQuery(API.staff.getSettings);

  const perform = useEndpointMutation(API.staff.performHrAction, {
    invalidates: [API.staff.listStaff, API.staff.listStaffActivities],
    success: (result) => ({
      title: 'HR action completed successfully!',
      // The action stands even when the mail fails; say so rather than imply leadership was told.
      description: result.emailSent ? undefined : 'The notification email to leadership could not be sent.',
      variant: 'success',
    }),
    failure: 'HR action failed',
    onSuccess: onClose,
  });

  const roleChange = needsRole ? (type as 'promotion' | 'demotion') : null;
  const choices = roleChange ? hrRoleChoices(actor.role, target?.role ?? null, roleChange) : [];
  // Issue 36: a role change nobody can make says so in words, and Confirm stays off, instead of an empty list.
  const noRoleOpen =
    roleChange === null
      ? null
      : choices.length === 0
        ? target
          ? `There is no role you may ${roleChange === 'promotion' ? 'promote' : 'demote'} ${target.username} to: you may give only roles below your own.`
          : `Your role may not ${roleChange === 'promotion' ? 'promote' : 'demote'} anyone: it may give only roles below its own.`
        : null;
  const canConfirm =
    targetStaffId !== '' && reason.trim() !== '' && (!needsRole || (Boolean(newRole) && noRoleOpen === null));

  return (
    <Dialog title={`${HR_ACTION_LABELS[type]} Staff Member`} onClose={onClose}>
      <Form form={form} onSubmit={(action) => perform.mutateAsync({ body: action }).catch(() => undefined)}>
        <SelectField
          control={form.control}
          name="targetStaffId"
          label="Select Staff Member"
          placeholder={
            staff.isPending
              ? 'Loading staff...'
              : staff.isError
                ? 'Failed to fetch staff users'
                : 'Choose a staff member'
          }
          options={targets.map((member) => ({
            value: member.id,
            label: `${member.username} - ${roleName(member.role)}`,
          }))}
        />
        {needsRole && (
          // Until a role is chosen the field stays `undefined` to the schema, never an empty role.
          <SelectField
            control={form.control}
            name="newRole"
            label="New Role"
            placeholder="Choose the new role"
            options={choices.map((role) => ({ value: role, label: ROLE_INFO[role].displayName }))}
          />
        )}
        {noRoleOpen && (
          <p className="field-hint" role="note">
            {noRoleOpen}
          </p>
        )}
        {type === 'suspension' && (
          <Field control={form.control} name="suspensionDays" label="Suspension Duration (days)">
            {(control) => (
              <input className="input" type="number" min={1} max={MAX_SUSPENSION_DAYS} step={1} {...control} />
            )}
          </Field>
        )}
        <Field control={form.control} name="reason" label="Reason (Required)">
          {(control) => (
            <textarea
              className="textarea"
              maxLength={LIMITS.reason}
              placeholder="Describe the reason for this action"
              required
              {...control}
            />
          )}
        </Field>
        <div className="alert staff-warning" role="note">
          This action will be permanently recorded and automatically notifies{' '}
          {settings.data ? <strong>{settings.data.leadershipEmail}</strong> : 'the leadership team'}.
        </div>
        <DialogActions
          onCancel={onClose}
          label={`Confirm ${HR_ACTION_LABELS[type]}`}
          pendingLabel="Processing..."
          pending={form.formState.isSubmitting}
          disabled={!canConfirm}
          danger={type === 'termination'}
        />
      </Form>
    </Dialog>
  );
}
