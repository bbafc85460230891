import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

export interface TabItem<K extends string> {
  value: K;
  label: ReactNode;
}

/**
 * Radix builds each tab's id and `aria-controls` from its value: a value with a space ("Advanced Tools") would make
 * an IDREF list of two ids that do not exist (axe: aria-valid-attr-value). Radix sees values without whitespace.
 */
const radixValue = (value: string) => value.replace(/\s/g, '_');

/**
 * The tab strip of every screen (Radix Tabs): arrow keys, Home and End move between tabs and select them.
 * Panels are `TabPanel`s placed anywhere inside; only the selected one is rendered.
 */
export function Tabs<K extends string>({
  tabs,
  value,
  onValueChange,
  label,
  className,
  children,
}: {
  tabs: readonly TabItem<K>[];
  value: K;
  onValueChange: (value: K) => void;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <RadixTabs.Root
      value={radixValue(value)}
      onValueChange={(next) => {
        const chosen = tabs.find((tab) => radixValue(tab.value) === next);
        if (chosen) onValueChange(chosen.value);
      }}
      className={className}
    >
      <RadixTabs.List aria-label={label} className="kit-tabs">
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={radixValue(tab.value)} className="kit-tab">
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={radixValue(value)} className={className ? `kit-tabpanel ${className}` : 'kit-tabpanel'}>
      {children}
    </RadixTabs.Content>
  );
}
