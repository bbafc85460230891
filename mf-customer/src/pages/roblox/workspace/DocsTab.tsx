import { lazy, Suspense, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  LoadingState,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { API, newDocumentSchema, WORKSPACE_DOCUMENT_TYPES, type documentSchema } from '@groupflow/core/contracts';
import type { z } from 'zod';
import { groupKey, groupParams, liveGroupRead, messageOf } from '../robloxApi.ts';
import { RanksField } from './RanksField.tsx';

// The Markdown renderer loads with the first document opened, not with the workspace.
const MarkdownView = lazy(() => import('./MarkdownView.tsx'));

type WorkspaceDocument = z.infer<typeof documentSchema>;
const PREVIEW_CHARS = 140;

/** The Docs tab (spec 1 section 2.12): document cards by type, Create Document for managers, and reading one. */
export function DocsTab({ groupId }: { groupId: string }) {
  const documents = useEndpointQuery(API.roblox.listDocuments, groupParams(groupId), liveGroupRead(groupId));
  const settings = useEndpointQuery(API.roblox.readWorkspaceSettings, groupParams(groupId), liveGroupRead(groupId));
  const [creating, setCreating] = useState(false);
  const [reading, setReading] = useState<WorkspaceDocument | null>(null);
  return (
    <>
      <div className="spread">
        <h1>Docs</h1>
        {settings.isSuccess && <Button onClick={() => setCreating(true)}>Create Document</Button>}
      </div>
      <QueryView
        query={documents}
        loading="Loading documents"
        error="Failed to load the documents."
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState title="No documents yet" description="Handbooks, training guides, HR procedures and rules." />
        }
      >
        {(rows) => (
          <div className="grid-2">
            {rows.map((doc) => (
              <Card key={doc.id} title={doc.title} titleAs="h3">
                <div className="row">
                  <Badge>{doc.type}</Badge>
                  <span className="muted small">
                    by {doc.createdBy} · {doc.rankIds.length ? `ranks ${doc.rankIds.join(', ')}` : 'everyone'}
                  </span>
                </div>
                <p className="muted small">
                  {doc.body.length > PREVIEW_CHARS ? `${doc.body.slice(0, PREVIEW_CHARS)}…` : doc.body}
                </p>
                <Button variant="outline" onClick={() => setReading(doc)}>
                  Read
                </Button>
              </Card>
            ))}
          </div>
        )}
      </QueryView>
      {creating && <CreateDocumentDialog groupId={groupId} onClose={() => setCreating(false)} />}
      {reading && (
        <Dialog
          title={reading.title}
          description={`${reading.type} · by ${reading.createdBy}`}
          wide
          onClose={() => setReading(null)}
        >
          <Suspense fallback={<LoadingState label="Loading the document" />}>
            <MarkdownView text={reading.body} />
          </Suspense>
        </Dialog>
      )}
    </>
  );
}

function CreateDocumentDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const ranks = useEndpointQuery(API.roblox.listGroupRanks, groupParams(groupId));
  const form = useZodForm(newDocumentSchema, { defaultValues: { title: '', type: 'handbook', body: '', rankIds: [] } });
  const create = useEndpointMutation(API.roblox.createDocument, {
    invalidates: [groupKey(API.roblox.listDocuments, groupId)],
    success: (doc) => ({ title: 'Document created', description: doc.title, variant: 'success' }),
    failure: (error) => ({
      title: 'Error',
      description: messageOf(error) ?? 'Failed to create the document',
      variant: 'destructive',
    }),
    onSuccess: onClose,
  });
  return (
    <Dialog title="Create Document" onClose={onClose} wide>
      <Form
        form={form}
        className="stack"
        onSubmit={(body) => create.mutateAsync({ params: { groupId }, body }).catch(() => undefined)}
      >
        <Field control={form.control} name="title" label="Title">
          {(control) => <input className="input" {...control} />}
        </Field>
        <SelectField
          control={form.control}
          name="type"
          label="Type"
          options={WORKSPACE_DOCUMENT_TYPES.map((value) => ({ value, label: value }))}
        />
        <Field control={form.control} name="body" label="Text (Markdown)">
          {(control) => <textarea className="input" rows={10} {...control} />}
        </Field>
        <RanksField
          control={form.control}
          name="rankIds"
          legend="Visible to (none chosen: everyone with access)"
          ranks={ranks.data}
        />
        <div className="row rb-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pendingLabel="Creating...">Create</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
