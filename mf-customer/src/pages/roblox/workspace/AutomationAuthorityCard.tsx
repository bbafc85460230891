import { Card } from '@groupflow/shell-kit';
import { Switch } from '@groupflow/shell-kit/switch';
import type { Rank, WorkspaceSettings } from '@groupflow/core/contracts';

/** Roblox gives the group's owner rank 255; guests are rank 0. Neither is a rank the owner names. */
const OWNER_RANK = 255;

/** Who turns automatic promotion on and changes the keys, as the controls others cannot use explain it. */
export const OWNER_OR_NAMED_RANKS = 'Only the group owner and the ranks they name may';

/**
 * Settings' card of who acts with the owner's authority (issue 33): turning auto promotions on, replacing the Open
 * Cloud key and rotating the activity key are for the owner (rank 255) and the ranks the owner names here; others
 * see who may.
 */
export function AutomationAuthorityCard({
  current,
  ranks,
  pending,
  onChange,
}: {
  current: WorkspaceSettings;
  ranks: Rank[];
  pending: boolean;
  onChange: (automationRanks: number[]) => void;
}) {
  const nameable = ranks.filter((rank) => rank.rankId > 0 && rank.rankId < OWNER_RANK);
  const nameOf = (rankId: number) => ranks.find((rank) => rank.rankId === rankId)?.rankName ?? `Rank ${rankId}`;
  const named = current.automationRanks;
  return (
    <Card title="Automation and keys">
      <p className="muted small" data-testid="automation-authority">
        Turning auto promotions on, replacing the Open Cloud key and rotating the activity key:{' '}
        {['the group owner (rank 255)', ...named.map((rankId) => `${nameOf(rankId)} (rank ${rankId})`)].join(', ')}. The
        owner is told of each change.
      </p>
      {current.canChooseAutomationRanks ? (
        <div className="stack" aria-label="Ranks that may change automation">
          {nameable.map((rank) => (
            <Switch
              key={rank.rankId}
              label={`${rank.rankName} (rank ${rank.rankId})`}
              checked={named.includes(rank.rankId)}
              disabled={pending}
              onCheckedChange={(on) =>
                onChange(on ? [...named, rank.rankId] : named.filter((rankId) => rankId !== rank.rankId))
              }
            />
          ))}
        </div>
      ) : (
        <p className="muted small">Only the group owner chooses these ranks.</p>
      )}
    </Card>
  );
}
