/** One figure card of the workspace: a label over a value, a dash until the value is known. */
export function Figure({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <div className="card">
      <div className="muted small">{label}</div>
      <div className="rb-figure">{value ?? '—'}</div>
    </div>
  );
}
