/** A labelled on/off switch; the whole row is the click target. */
export function Toggle({
  label,
  checked,
  defaultChecked,
  onChange,
}: {
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <label className="st-toggle">
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
      />
    </label>
  );
}
