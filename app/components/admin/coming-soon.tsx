import { AdminHeader } from "./ui";

/** A back-office section that a later release builds: its name, what it will do, and when. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="admin-title">
      <AdminHeader title={title} description={description} />
      <div className="mt-8 rounded-2xl border border-dashed border-bloom-300 bg-bloom-50 p-10 text-center">
        <p className="text-lg font-semibold text-bloom-800">Coming in the next release</p>
        <p className="mt-2 text-sm text-gray-700">
          This part of the back office is being built. Nothing here can be changed yet.
        </p>
      </div>
    </section>
  );
}
