import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, apiClient, useToast } from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { api, connectFailureText, messageOf, robloxKeys } from './robloxApi.ts';
import { storeSelectedGroup } from './workspaceStore.ts';
import './roblox.css';

/** Spec 1 section 9: redirect after add-group. */
const REDIRECT_MS = 500;

type GroupFacts = Awaited<ReturnType<typeof apiClient.call<typeof api.groupInfo>>>;

/**
 * /add-group (spec 1 section 2.11): the group is looked up on the server (no simulated delay), Continue connects
 * it (already connected is fine), stores it and opens the workspace.
 */
export default function AddGroup() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [groupId, setGroupId] = useState('');
  const [groupName, setGroupName] = useState('');
  const [errors, setErrors] = useState<{ groupId?: string; groupName?: string }>({});
  const [verified, setVerified] = useState<GroupFacts | null>(null);
  const [pending, setPending] = useState(false);
  const [resetting, setResetting] = useState(false);

  const verify = async () => {
    const next: typeof errors = {};
    if (!groupId.trim()) next.groupId = 'Group ID is required';
    else if (!/^\d+$/.test(groupId.trim())) next.groupId = 'Invalid group ID format';
    if (!groupName.trim()) next.groupName = 'Group name is required';
    setErrors(next);
    if (next.groupId || next.groupName) return;
    setPending(true);
    try {
      const facts = await apiClient.call(api.groupInfo, { params: { groupId: groupId.trim() } });
      setVerified(facts);
      toast({ title: 'Group Verified', description: facts.name, variant: 'success' });
    } catch {
      setVerified(null);
      toast({ title: 'Verification Failed', description: 'Please check the group ID and try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const proceed = async () => {
    if (!verified) return;
    setPending(true);
    try {
      await apiClient.call(api.addGroup, { body: { groupId: verified.groupId, activityTracking: true, autoRank: false, quotaSystem: false, rankPermissions: [] } });
    } catch (error) {
      if (!messageOf(error)?.includes('already connected')) {
        setPending(false);
        return toast({ title: 'Connection Failed', description: connectFailureText(error), variant: 'destructive' });
      }
    }
    const mine = (await apiClient.call(api.userGroups).catch(() => [])).find((group) => group.groupId === verified.groupId);
    storeSelectedGroup({
      groupId: verified.groupId,
      name: verified.name,
      memberCount: verified.memberCount,
      description: verified.description,
      owner: verified.owner,
      role: mine?.role ?? { id: '', name: 'Member', rank: 0 },
      hasAccess: mine?.hasAccess ?? false,
      connected: true,
    });
    await queryClient.invalidateQueries({ queryKey: robloxKeys.all });
    toast({ title: 'Group Added Successfully', description: verified.name, variant: 'success' });
    setTimeout(() => navigate('/group-workspace'), REDIRECT_MS);
  };

  return (
    <main className="page container stack" style={{ maxWidth: 960 }}>
      <h1>Add Roblox Group</h1>
      <div className="grid-2">
        <Card title="Group details">
          <form className="stack" noValidate onSubmit={(event) => { event.preventDefault(); void (verified ? proceed() : verify()); }}>
            <label className="label" htmlFor="group-id">Group ID</label>
            <input id="group-id" className="input" inputMode="numeric" value={groupId} aria-invalid={Boolean(errors.groupId)} onChange={(e) => { setGroupId(e.target.value); setVerified(null); }} />
            {errors.groupId && <p className="field-error" role="alert">{errors.groupId}</p>}
            <label className="label" htmlFor="group-name">Group Name</label>
            <input id="group-name" className="input" value={groupName} aria-invalid={Boolean(errors.groupName)} onChange={(e) => setGroupName(e.target.value)} />
            {errors.groupName && <p className="field-error" role="alert">{errors.groupName}</p>}
            {verified && <p className="small">Found <strong>{verified.name}</strong> · {verified.memberCount.toLocaleString()} members</p>}
            <Button type="submit" pending={pending} pendingLabel={verified ? 'Connecting...' : 'Verifying...'}>
              {verified ? 'Continue to Management' : 'Verify Group'}
            </Button>
            <Button variant="danger" onClick={() => setResetting(true)}>Reset All Data</Button>
          </form>
        </Card>
        <div className="stack">
          <Card title="How to find your group ID">
            <ol className="small">
              <li>Open your group on roblox.com.</li>
              <li>Look at the address: roblox.com/communities/<strong>1234567</strong>/name.</li>
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
