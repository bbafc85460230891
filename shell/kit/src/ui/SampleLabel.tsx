import { Badge } from './Badge.tsx';

/**
 * Marks figures the product has no real source for (spec samples): a visible "Sample" pill, so they are never read
 * as the customer's own data. Put it on the heading of the block the samples fill.
 */
export function SampleLabel() {
  return (
    <Badge tone="warning" title="Example figures, not your data">
      Sample
    </Badge>
  );
}
