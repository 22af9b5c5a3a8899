import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminOrders() {
  return <ComingSoon title="Orders" description="Confirm, ship and deliver cash-on-delivery orders." />;
}
