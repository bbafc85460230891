import { Button, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { API, applicationReviewFormSchema } from '@groupflow/core/contracts';
import { groupKey, groupParams, messageOf } from '../robloxApi.ts';

/** Review of one application: accept or reject with a note; accepting may rank the applicant through Open Cloud. */
export function ApplicationReviewDialog({
  groupId,
  application,
  onClose,
}: {
  groupId: string;
  application: { id: number; applicantName: string; desiredRank: string };
  onClose: () => void;
}) {
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(groupId));
  const form = useZodForm(applicationReviewFormSchema, {
    defaultValues: { decision: 'accepted', note: '', userId: '', rankId: undefined },
  });
  const review = useEndpointMutation(API.roblox.reviewApplication, {
    invalidates: [groupKey(API.roblox.listApplications, groupId), groupKey(API.roblox.readGroupStats, groupId)],
    success: (result) => ({
      title: `Application ${result.application.status}`,
      description: result.rankChange
        ? `${result.rankChange.targetName} is now ${result.rankChange.toRoleName}`
        : undefined,
      variant: 'success',
    }),
    failure: (error) => ({
      title: 'Not reviewed',
      description: messageOf(error) ?? 'Please try again.',
      variant: 'destructive',
    }),
    onSuccess: onClose,
  });
  const accepting = form.watch('decision') === 'accepted';
  return (
    <Dialog
      title={`Review ${application.applicantName}`}
      description={`Applied for ${application.desiredRank}.`}
      onClose={onClose}
    >
      <Form
        form={form}
        className="stack"
        onSubmit={(body) =>
          review.mutateAsync({ params: { groupId, id: application.id }, body }).catch(() => undefined)
        }
      >
        <SelectField
          control={form.control}
          name="decision"
          label="Decision"
          options={[
            { value: 'accepted', label: 'Accept' },
            { value: 'rejected', label: 'Reject' },
          ]}
        />
        <Field control={form.control} name="note" label="Note">
          {(control) => <input className="input" placeholder="Shown in the review" {...control} />}
        </Field>
        {accepting && (
          <>
            <Field
              control={form.control}
              name="userId"
              label="Applicant's Roblox id (to rank them)"
              hint="Leave empty not to rank"
            >
              {(control) => <input className="input" inputMode="numeric" {...control} />}
            </Field>
            <SelectField
              control={form.control}
              name="rankId"
              label="Rank to give"
              placeholder="No rank change"
              options={(ranks.data ?? [])
                .filter((rank) => rank.rankId > 0 && rank.rankId < 255)
                .map((rank) => ({ value: rank.rankId, label: `${rank.rankName} (${rank.rankId})` }))}
            />
          </>
        )}
        <div className="row rb-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pendingLabel="Saving...">{accepting ? 'Accept' : 'Reject'}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
