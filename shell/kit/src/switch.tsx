import { forwardRef, useId } from 'react';
import * as RadixSwitch from '@radix-ui/react-switch';

export interface SwitchProps {
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
}

/** A labelled on/off switch (Radix Switch, role="switch"); Space toggles it, the label is a click target too. */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch({ label, id, ...rest }, ref) {
  const generated = useId();
  const switchId = id ?? generated;
  return (
    <div className="kit-switch-row">
      <label htmlFor={switchId}>{label}</label>
      <RadixSwitch.Root ref={ref} id={switchId} className="kit-switch" {...rest}>
        <RadixSwitch.Thumb className="kit-switch-thumb" />
      </RadixSwitch.Root>
    </div>
  );
});
