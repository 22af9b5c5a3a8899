import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminReviews() {
  return <ComingSoon title="Reviews" description="Approve or reject shoppers' reviews waiting for moderation." />;
}
