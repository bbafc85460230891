import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, apiClient, useToast } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { api, linkFailureText, messageOf, robloxKeys } from './robloxApi.ts';

export interface VerifiedRobloxAccount {
  id: string;
  username: string;
  displayName: string;
}

type Step = 'input' | 'verify' | 'success';

const SUCCESS_CLOSE_MS = 2000;

/**
 * The add-account dialog (spec 1 sections 2.3, 4, 5, 8) over the server: the username is looked up (Roblox's
 * search, exact name required) and linked, the server issues the code (8 characters here, 6 in the workspace),
 * the user puts it in their Roblox profile's About and enters it, and the server reads the profile to prove it.
 */
export function AddAccountDialog({
  codeLength,
  onClose,
  onVerified,
}: {
  codeLength: 6 | 8;
  onClose: () => void;
  onVerified: (account: VerifiedRobloxAccount) => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('input');
  const [username, setUsername] = useState('');
  const [account, setAccount] = useState<VerifiedRobloxAccount | null>(null);
  const [code, setCode] = useState('');
  const [entered, setEntered] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (step !== 'success') return;
    const timer = setTimeout(() => {
      setUsername('');
      setEntered('');
      setCode('');
      onClose();
    }, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step, onClose]);

  const lookUp = async () => {
    const wanted = username.trim();
    setPending(true);
    try {
      let found;
      try {
        found = (await apiClient.call(api.searchUsers, { query: { keyword: wanted } })).data;
      } catch {
        return toast({ title: 'Error', description: 'Failed to find Roblox user', variant: 'destructive' });
      }
      if (found.length === 0) return toast({ title: 'Error', description: 'Roblox user not found', variant: 'destructive' });
      const exact = found.find((user) => user.name.toLowerCase() === wanted.toLowerCase());
      if (!exact) return toast({ title: 'Error', description: 'Exact Roblox username not found', variant: 'destructive' });
      try {
        await apiClient.call(api.linkRoblox, { body: { username: exact.name } });
        const issued = await apiClient.call(api.issueVerificationCode, { body: { length: codeLength } });
        setAccount({ id: exact.id, username: exact.name, displayName: exact.displayName });
        setCode(issued.code);
        setStep('verify');
      } catch (error) {
        toast({ title: 'Link Failed', description: linkFailureText(error), variant: 'destructive' });
      } finally {
        void queryClient.invalidateQueries({ queryKey: robloxKeys.all });
      }
    } finally {
      setPending(false);
    }
  };

  const verify = async () => {
    if (!entered.trim()) return toast({ title: 'Verification Failed', description: 'Please enter the verification code', variant: 'destructive' });
    setPending(true);
    try {
      await apiClient.call(api.verifyCode, { body: { code: entered.trim() } });
      toast({ title: 'Success!', description: 'Roblox account verified successfully', variant: 'success' });
      setStep('success');
      onVerified(account!);
      void queryClient.invalidateQueries();
    } catch (error) {
      toast({ title: 'Verification Failed', description: messageOf(error) ?? 'Invalid verification code', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Copied!', description: 'Verification code copied to clipboard' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy the code; select it and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <Dialog title="Add Roblox Account" onClose={onClose}>
      {step === 'input' && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (username.trim() && !pending) void lookUp();
          }}
        >
          <label className="label" htmlFor="add-account-username">
            Roblox Username
          </label>
          <input id="add-account-username" className="input" value={username} autoFocus autoComplete="off" placeholder="Enter your Roblox username" onChange={(e) => setUsername(e.target.value)} />
          <div className="row rb-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!username.trim()} pending={pending} pendingLabel="Looking up...">
              Continue
            </Button>
          </div>
        </form>
      )}
      {step === 'verify' && account && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (entered.trim() && !pending) void verify();
          }}
        >
          <p>
            Put this code in the <strong>About</strong> of <strong>{account.username}</strong>'s Roblox profile, save it, then enter it below.
          </p>
          <div className="row rb-code-row">
            <code className="rb-code" data-testid="verification-code">
              {code}
            </code>
            <Button variant="outline" onClick={() => void copy()}>
              Copy
            </Button>
          </div>
          <label className="label" htmlFor="add-account-code">
            Verification code
          </label>
          <input id="add-account-code" className="input" value={entered} autoComplete="off" onChange={(e) => setEntered(e.target.value)} />
          <div className="row rb-end">
            <Button variant="outline" onClick={() => setStep('input')}>
              Back
            </Button>
            <Button type="submit" disabled={!entered.trim()} pending={pending} pendingLabel="Verifying...">
              Verify
            </Button>
          </div>
        </form>
      )}
      {step === 'success' && account && (
        <div className="stack center" role="status">
          <p className="rb-success">✓</p>
          <p>
            <strong>{account.username}</strong> is verified.
          </p>
        </div>
      )}
    </Dialog>
  );
}
