import { AddressLines } from "~/components/order-address";
import { AdminCard } from "./ui";

/** An order's shipping or billing address, for staff: a card, with the email and phone as links. */
export function OrderAddress({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <AdminCard id={id} title={title}>
      <AddressLines text={text} contactLinks />
    </AdminCard>
  );
}
