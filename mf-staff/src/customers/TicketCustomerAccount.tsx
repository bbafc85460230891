import { useState } from 'react';
import { Button } from '@groupflow/shell-kit';
import { CustomerAccounts } from '@groupflow/shell-kit/customer-accounts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import type { StaffPermission } from '@groupflow/core/contracts';

/** A ticket's "Customer account" button: the accounts with the ticket's email, banned from here with the ticket named. */
export function TicketCustomerAccount({
  email,
  ticketId,
  permissions,
}: {
  email: string;
  ticketId: number;
  permissions: readonly StaffPermission[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Customer account
      </Button>
      {open && (
        <Dialog
          title="Customer account"
          description={`Accounts with the email ${email}`}
          onClose={() => setOpen(false)}
        >
          <CustomerAccounts permissions={permissions} fixedSearch={email} source={{ kind: 'ticket', id: ticketId }} />
        </Dialog>
      )}
    </>
  );
}
