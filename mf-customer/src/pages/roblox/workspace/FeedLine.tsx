import type { z } from 'zod';
import { Badge } from '@groupflow/shell-kit';
import type { feedEntrySchema } from '@groupflow/core/contracts';
import { when } from './format.ts';
import { ListLine } from './ListLine.tsx';

export type FeedEntry = z.infer<typeof feedEntrySchema>;

const FEED_TONES: Record<FeedEntry['type'], 'neutral' | 'success' | 'warning'> = {
  training: 'neutral',
  patrol: 'neutral',
  promotion: 'success',
  recruitment: 'warning',
  documentation: 'neutral',
};

/** One typed line of the activity feed, with its type badge (spec 1 section 2.12). */
export function FeedLine({ entry }: { entry: FeedEntry }) {
  return (
    <ListLine
      title={<strong>{entry.title}</strong>}
      detail={`${entry.detail} · ${when(entry.at)}`}
      badge={<Badge tone={FEED_TONES[entry.type]}>{entry.type}</Badge>}
    />
  );
}
