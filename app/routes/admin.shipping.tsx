import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminShipping() {
  return <ComingSoon title="Shipping" description="The checkout's shipping methods and their prices." />;
}
