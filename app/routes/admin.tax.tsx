import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminTax() {
  return <ComingSoon title="Tax" description="The checkout's tax rates by country." />;
}
