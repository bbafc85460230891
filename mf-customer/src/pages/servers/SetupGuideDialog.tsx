import { Dialog } from '@groupflow/shell-kit/dialog';
import { Link } from '@groupflow/shell-kit/router';

/**
 * "Need Help with Setup?" (issue 36): how a server owner adds GroupFlow and puts its role where it can work. The
 * spec's guide taught creating a Discord application of one's own, which is for whoever runs GroupFlow, not for a
 * customer inviting it (docs/decisions.md).
 */
export function SetupGuideDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Need Help with Setup?" description="Add GroupFlow to your server in a few steps." onClose={onClose}>
      <ol className="sv-steps">
        <li>Press Add to Server and pick a server where you have the Manage Server permission.</li>
        <li>Keep every permission ticked: GroupFlow asks only for those listed on this page.</li>
        <li>
          In Discord, open Server Settings → Roles and drag the GroupFlow role above every role it should give: a bot
          can only give roles below its own.
        </li>
        <li>Open My Servers, press Configure, turn on Verification and add your binds.</li>
        <li>
          Check the role order and permissions at any time on the{' '}
          <Link to="/setup-verification" onClick={onClose}>
            setup check
          </Link>
          .
        </li>
      </ol>
    </Dialog>
  );
}
