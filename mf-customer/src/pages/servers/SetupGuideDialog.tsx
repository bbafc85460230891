import { Button, useToast } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { DISCORD_DEVELOPER_PORTAL } from '@groupflow/core/contracts';

/** The invite address with the Application ID left to fill in (spec 1 section 2.7: permissions=8, two scopes). */
export function inviteTemplate(discordOrigin: string): string {
  return `${discordOrigin}/oauth2/authorize?client_id=YOUR_APPLICATION_ID&permissions=8&scope=bot%20applications.commands`;
}

const STEPS = [
  'Open the Discord Developer Portal and sign in.',
  'Click "New Application", give it a name and create it.',
  'Open the "Bot" page and add a bot to the application.',
  'Go back to "General Information" and copy the Application ID.',
  'Put that ID in place of YOUR_APPLICATION_ID in the template below and open the address to invite the bot.',
];

/** "Need Help with Setup?": five steps to a Discord application, and the invite template to copy. */
export function SetupGuideDialog({ discordOrigin, onClose }: { discordOrigin: string; onClose: () => void }) {
  const toast = useToast();
  const template = inviteTemplate(discordOrigin);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(template);
      toast({ title: 'Copied!', description: 'URL template copied to clipboard!' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy the template. Select it and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog
      title="Need Help with Setup?"
      description="Create a Discord application to invite the bot."
      onClose={onClose}
      wide
    >
      <div className="stack">
        <ol className="sv-steps">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="stack">
          <span className="label">Invite URL template</span>
          <code className="sv-code">{template}</code>
          <div className="row">
            <Button variant="outline" onClick={() => void copy()}>
              Copy URL Template
            </Button>
            <a className="btn btn-primary" href={DISCORD_DEVELOPER_PORTAL} target="_blank" rel="noreferrer">
              Open Developer Portal
            </a>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
