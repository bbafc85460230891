import type { HTMLAttributes } from 'react';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger';

/** The theme's pill-shaped .badge in one of its tones. */
export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  const classes = ['badge', tone === 'neutral' ? '' : `badge-${tone}`, className ?? ''].filter(Boolean).join(' ');
  return <span className={classes} {...rest} />;
}
