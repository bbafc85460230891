import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, apiClient, useToast } from '@groupflow/shell-kit';
import { API, linkRobloxSchema, verifyCodeSchema, type RobloxUserMatch } from '@groupflow/core/contracts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { invalidateRoblox, linkFailureText, messageOf } from './robloxApi.ts';

const SUCCESS_CLOSE_MS = 2000;

/**
 * The add-account dialog (spec 1 sections 2.3, 4, 5, 8) over the server: the username is looked up (Roblox's
 * search, exact name required) and claimed, the server issues the code (8 characters here, 6 in the workspace),
 * the user puts it in their Roblox profile's About and enters it, and the server reads the profile to prove it.
 * The claim waits beside the current link, which stays as it is until the proof; Back, Cancel or closing the
 * dialog before the proof drop the claim (issue 22), so an abandoned attempt leaves nothing behind.
 */
export function AddAccountDialog({
  codeLength,
  onClose,
  onVerified,
}: {
  codeLength: 6 | 8;
  onClose: () => void;
  onVerified: (account: RobloxUserMatch) => void;
}) {
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<{ account: RobloxUserMatch; code: string } | null>(null);
  const [verified, setVerified] = useState(false);

  /** Drops the unproven claim this dialog made; the current link was never touched. */
  const dropClaim = () => {
    if (!issued || verified) return;
    void apiClient
      .call(API.roblox.cancelRobloxClaim)
      .catch(() => undefined)
      .finally(() => void invalidateRoblox(queryClient));
  };
  const close = () => {
    dropClaim();
    onClose();
  };

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(onClose, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [verified, onClose]);

  return (
    <Dialog title="Add Roblox Account" onClose={close}>
      {verified && issued ? (
        <div className="stack center" role="status">
          <p className="rb-success">✓</p>
          <p>
            <strong>{issued.account.name}</strong> is verified.
          </p>
        </div>
      ) : issued ? (
        <CodeStep
          account={issued.account}
          code={issued.code}
          onBack={() => {
            dropClaim();
            setIssued(null);
          }}
          onVerified={() => {
            setVerified(true);
            onVerified(issued.account);
          }}
        />
      ) : (
        <UsernameStep codeLength={codeLength} onCancel={close} onIssued={setIssued} />
      )}
    </Dialog>
  );
}

function UsernameStep({
  codeLength,
  onCancel,
  onIssued,
}: {
  codeLength: 6 | 8;
  onCancel: () => void;
  onIssued: (issued: { account: RobloxUserMatch; code: string }) => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(linkRobloxSchema, { defaultValues: { username: '' } });

  const lookUp = async ({ username: wanted }: { username: string }) => {
    let found;
    try {
      found = (await apiClient.call(API.roblox.searchRobloxUsers, { query: { keyword: wanted } })).data;
    } catch {
      return toast({ title: 'Error', description: 'Failed to find Roblox user', variant: 'destructive' });
    }
    if (found.length === 0)
      return toast({ title: 'Error', description: 'Roblox user not found', variant: 'destructive' });
    const exact = found.find((user) => user.name.toLowerCase() === wanted.toLowerCase());
    if (!exact)
      return toast({ title: 'Error', description: 'Exact Roblox username not found', variant: 'destructive' });
    try {
      await apiClient.call(API.roblox.linkRobloxAccount, { body: { username: exact.name } });
      const { code } = await apiClient.call(API.roblox.issueVerificationCode, { body: { length: codeLength } });
      onIssued({ account: exact, code });
    } catch (error) {
      toast({ title: 'Link Failed', description: linkFailureText(error), variant: 'destructive' });
    } finally {
      void invalidateRoblox(queryClient);
    }
  };

  return (
    <Form form={form} className="stack" onSubmit={lookUp}>
      <Field control={form.control} name="username" label="Roblox Username">
        {(control) => (
          <input className="input" autoFocus autoComplete="off" placeholder="Enter your Roblox username" {...control} />
        )}
      </Field>
      <div className="row rb-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton disabled={!form.watch('username')?.trim()} pendingLabel="Looking up...">
          Continue
        </SubmitButton>
      </div>
    </Form>
  );
}

function CodeStep({
  account,
  code,
  onBack,
  onVerified,
}: {
  account: RobloxUserMatch;
  code: string;
  onBack: () => void;
  onVerified: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  // No field: the server checks the profile for the code it issued, so nobody retypes what the dialog shows.
  const form = useZodForm(verifyCodeSchema, { defaultValues: {} });

  const verify = async () => {
    try {
      await apiClient.call(API.roblox.verifyRobloxCode, { body: {} });
      toast({ title: 'Success!', description: 'Roblox account verified successfully', variant: 'success' });
      onVerified();
      void queryClient.invalidateQueries();
    } catch (error) {
      toast({
        title: 'Verification Failed',
        description: messageOf(error) ?? 'Invalid verification code',
        variant: 'destructive',
      });
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Copied!', description: 'Verification code copied to clipboard' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy the code; select it and copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Form form={form} className="stack" onSubmit={verify}>
      <p>
        Put this code in the <strong>About</strong> of <strong>{account.name}</strong>'s Roblox profile, save it, then
        press Verify.
      </p>
      <div className="row rb-code-row">
        <code className="rb-code" data-testid="verification-code">
          {code}
        </code>
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <div className="row rb-end">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <SubmitButton pendingLabel="Verifying...">Verify</SubmitButton>
      </div>
    </Form>
  );
}
