import { forwardRef, useRef } from 'react';
import * as RadixSelect from '@radix-ui/react-select';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  options: readonly SelectOption[];
  /** The chosen option's value; "" (or an unknown value) shows the placeholder. */
  value?: string;
  /** The first value of a Select that keeps its own state (no `value`). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Called when focus leaves the control, as a native select's blur: not while its own list is open. */
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** A styled list box (Radix Select): type-ahead, arrow keys, Escape; in a form, use SelectField. */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  { options, value, defaultValue, onValueChange, onBlur, placeholder, disabled, name, ...trigger },
  ref,
) {
  // Opening moves focus into the list, which blurs the trigger; that is not leaving the control.
  const open = useRef(false);
  return (
    <RadixSelect.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      onOpenChange={(isOpen) => (open.current = isOpen)}
      disabled={disabled}
      name={name}
    >
      <RadixSelect.Trigger
        ref={ref}
        className="select kit-select-trigger"
        {...trigger}
        onBlur={() => {
          if (!open.current) onBlur?.();
        }}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="kit-select-icon" aria-hidden>
          ▾
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="kit-popover kit-select-content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="kit-menu-item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
});
