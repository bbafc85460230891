import type { ReactElement, ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';

export interface MenuItem {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A menu opened from a button (Radix DropdownMenu): arrow keys, type-ahead, Escape returns focus to the button. */
export function DropdownMenu({
  trigger,
  items,
  header,
  align = 'end',
}: {
  trigger: ReactElement;
  items: readonly MenuItem[];
  header?: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="kit-popover kit-menu" align={align} sideOffset={6}>
          {header && (
            <>
              <RadixMenu.Label className="kit-menu-label">{header}</RadixMenu.Label>
              <RadixMenu.Separator className="kit-menu-separator" />
            </>
          )}
          {items.map((item, index) => (
            <RadixMenu.Item
              key={index}
              className={item.danger ? 'kit-menu-item kit-menu-item-danger' : 'kit-menu-item'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
