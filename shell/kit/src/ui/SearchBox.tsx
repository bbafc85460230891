import { useId } from 'react';

/** A labelled search input that reports each keystroke; the screen filters (or debounces a query) with it. */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder = 'Search by name, email or role',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="kit-search">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
