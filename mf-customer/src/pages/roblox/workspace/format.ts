/** Minutes as the workspace shows them: "45 min", or "2 h 5 min" from an hour on. */
export const minutesText = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

/** A server time in the reader's locale, or a dash when there is none yet. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
