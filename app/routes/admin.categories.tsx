import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminCategories() {
  return <ComingSoon title="Categories" description="Arrange the catalogue into occasions and collections." />;
}
