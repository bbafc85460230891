import { useState } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, apiClient, errorCode, useToast } from '@groupflow/shell-kit';
import { API, connectGroupFormSchema } from '@groupflow/core/contracts';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { connectFailureText, groupWithDefaults, invalidateRoblox } from './robloxApi.ts';
import { storeSelectedGroup } from './workspaceStore.ts';
import './roblox.css';

/** Spec 1 section 9: redirect after add-group. */
const REDIRECT_MS = 500;

type GroupFacts = Awaited<ReturnType<typeof apiClient.call<typeof API.roblox.lookUpGroup>>>;

/**
 * /add-group (spec 1 section 2.11): the group is looked up on the server (no simulated delay), Continue connects
 * it (already connected is fine), stores it and opens the workspace.
 */
export default function AddGroup() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(connectGroupFormSchema, { defaultValues: { groupId: '', groupName: '' } });
  const [verified, setVerified] = useState<GroupFacts | null>(null);
  const [resetting, setResetting] = useState(false);

  const verify = async ({ groupId }: { groupId: string }) => {
    try {
      const facts = await apiClient.call(API.roblox.lookUpGroup, { params: { groupId } });
      setVerified(facts);
      toast({ title: 'Group Verified', description: facts.name, variant: 'success' });
    } catch {
      setVerified(null);
      toast({
        title: 'Verification Failed',
        description: 'Please check the group ID and try again.',
        variant: 'destructive',
      });
    }
  };

  const proceed = async (group: GroupFacts) => {
    try {
      await apiClient.call(API.roblox.connectGroup, { body: groupWithDefaults(group.groupId) });
    } catch (error) {
      // Connected already (by this customer or a colleague): open it all the same.
      if (errorCode(error) !== 'ROBLOX.GROUP_ALREADY_CONNECTED') {
        return toast({ title: 'Connection Failed', description: connectFailureText(error), variant: 'destructive' });
      }
    }
    const mine = (await apiClient.call(API.roblox.listUserGroups).catch(() => [])).find(
      (mineGroup) => mineGroup.groupId === group.groupId,
    );
    storeSelectedGroup({
      groupId: group.groupId,
      name: group.name,
      memberCount: group.memberCount,
      description: group.description,
      owner: group.owner,
      role: mine?.role ?? { id: '', name: 'Member', rank: 0 },
      hasAccess: mine?.hasAccess ?? false,
      connected: true,
    });
    await invalidateRoblox(queryClient);
    toast({ title: 'Group Added Successfully', description: group.name, variant: 'success' });
    // The button stays busy until the workspace opens.
    await new Promise<void>((resolve) => setTimeout(resolve, REDIRECT_MS));
    navigate('/group-workspace');
  };

  return (
    <main className="page container stack" style={{ maxWidth: 960 }}>
      <h1>Add Roblox Group</h1>
      <div className="grid-2">
        <Card title="Group details">
          <Form form={form} className="stack" onSubmit={(values) => (verified ? proceed(verified) : verify(values))}>
            <Field control={form.control} name="groupId" label="Group ID">
              {(control) => (
                <input
                  className="input"
                  inputMode="numeric"
                  {...control}
                  onChange={(event) => {
                    control.onChange(event);
                    setVerified(null);
                  }}
                />
              )}
            </Field>
            <Field control={form.control} name="groupName" label="Group Name">
              {(control) => <input className="input" {...control} />}
            </Field>
            {verified && (
              <p className="small">
                Found <strong>{verified.name}</strong> · {verified.memberCount.toLocaleString()} members
              </p>
            )}
            <SubmitButton pendingLabel={verified ? 'Connecting...' : 'Verifying...'}>
              {verified ? 'Continue to Management' : 'Verify Group'}
            </SubmitButton>
          </Form>
        </Card>
        <div className="stack">
          <Card title="How to find your group ID">
            <ol className="small">
              <li>Open your group on roblox.com.</li>
              <li>
                Look at the address: roblox.com/communities/<strong>1234567</strong>/name.
              </li>
              <li>The number is the group ID.</li>
            </ol>
          </Card>
          <Card title="What You'll Get">
            <ul className="small">
              <li>Member management</li>
              <li>Activity monitoring</li>
              <li>Discord integration</li>
            </ul>
          </Card>
        </div>
      </div>
      {/* Kept apart from Verify Group so a slip of the finger cannot wipe the browser's data. */}
      <Card title="Browser data" className="stack">
        <p className="small muted">
          Clears the group, Roblox user and role this site keeps in your browser. Your account is not affected.
        </p>
        <div>
          <Button variant="danger" onClick={() => setResetting(true)}>
            Reset All Data
          </Button>
        </div>
      </Card>
      {resetting && (
        <AlertDialog
          title="Reset all data?"
          description="Everything this site keeps in your browser's local storage is cleared (your chosen group, Roblox user and role)."
          confirmLabel="Reset All Data"
          danger
          onConfirm={() => {
            localStorage.clear();
            setResetting(false);
            setVerified(null);
            toast({ title: 'Data Reset', description: 'Local data cleared.' });
          }}
          onCancel={() => setResetting(false)}
        />
      )}
    </main>
  );
}
