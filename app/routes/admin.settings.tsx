import { ComingSoon } from "~/components/admin/coming-soon";

export default function AdminSettings() {
  return <ComingSoon title="Settings" description="The shop's name, contact details, currency and search engine texts." />;
}
