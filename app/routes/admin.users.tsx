import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminUsers() {
  return <ComingSoon title="Users" description="Customers, their accounts and their roles." />;
}
