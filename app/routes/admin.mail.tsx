import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminMail() {
  return <ComingSoon title="Mail" description="Every email the shop sent or tried to send." />;
}
