import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { API, newApplicationSchema } from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { groupKey, groupParams, liveGroupRead, messageOf } from '../robloxApi.ts';
import { ApplicationReviewDialog } from './ApplicationReviewDialog.tsx';
import { Figure } from './Figure.tsx';
import type { WorkspaceData } from './useWorkspace.ts';

type Reviewed = { id: number; applicantName: string; desiredRank: string };

const DECIDED = new Set(['accepted', 'rejected']);

/**
 * Applications (spec 1 section 2.13): the group's applications, pending in amber and any other status in green,
 * Review for the undecided ones, and a form to record a new one.
 */
export function ApplicationsTab({ groupId, stats }: { groupId: string; stats: WorkspaceData['stats'] }) {
  const applications = useEndpointQuery(API.roblox.listApplications, groupParams(groupId), liveGroupRead(groupId));
  const [reviewing, setReviewing] = useState<Reviewed | null>(null);
  const form = useZodForm(newApplicationSchema, { defaultValues: { applicantName: '', desiredRank: '' } });
  const add = useEndpointMutation(API.roblox.createApplication, {
    invalidates: [groupKey(API.roblox.listApplications, groupId), groupKey(API.roblox.readGroupStats, groupId)],
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to record the application',
      variant: 'destructive',
    }),
    onSuccess: () => form.reset(),
  });
  const [applicantName, desiredRank] = form.watch(['applicantName', 'desiredRank']);
  return (
    <>
      <h1>Applications</h1>
      <div className="grid-3">
        <Figure label="Pending Applications" value={stats.data?.pendingApplications} />
      </div>
      <Card title="Received applications">
        <QueryView
          query={applications}
          loading="Loading applications"
          error="Failed to load the applications."
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title="No applications" />}
        >
          {(rows) => (
            <ul className="rb-list" aria-label="Applications">
              {rows.map((app) => (
                <li key={app.id} className="rb-row">
                  <span className="rb-grow">
                    <strong>{app.applicantName}</strong> <span className="muted small">{app.desiredRank}</span>
                  </span>
                  <Badge tone={app.status === 'pending' ? 'warning' : 'success'}>{app.status}</Badge>
                  {!DECIDED.has(app.status) && (
                    <Button variant="outline" onClick={() => setReviewing(app)}>
                      Review
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <Form
          form={form}
          className="row"
          onSubmit={(body) => add.mutateAsync({ params: { groupId }, body }).catch(() => undefined)}
        >
          <Field control={form.control} name="applicantName" label="Applicant name">
            {(control) => <input className="input" placeholder="Applicant" {...control} />}
          </Field>
          <Field control={form.control} name="desiredRank" label="Desired rank">
            {(control) => <input className="input" placeholder="Desired rank" {...control} />}
          </Field>
          <SubmitButton disabled={!applicantName?.trim() || !desiredRank?.trim()} pendingLabel="Adding...">
            Add application
          </SubmitButton>
        </Form>
      </Card>
      {reviewing && (
        <ApplicationReviewDialog groupId={groupId} application={reviewing} onClose={() => setReviewing(null)} />
      )}
    </>
  );
}
