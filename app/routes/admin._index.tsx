import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminDashboard() {
  return <ComingSoon title="Dashboard" description="Sales, orders and stock at a glance." />;
}
