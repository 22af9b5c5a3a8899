import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminTutorials() {
  return <ComingSoon title="Tutorials" description="Write, edit, publish and unpublish crafting tutorials." />;
}
