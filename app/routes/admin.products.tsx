import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminProducts() {
  return <ComingSoon title="Products" description="Add, edit and retire bouquets, their prices, photos and stock." />;
}
