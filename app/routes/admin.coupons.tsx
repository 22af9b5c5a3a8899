import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminCoupons() {
  return <ComingSoon title="Coupons" description="The checkout's discount codes." />;
}
