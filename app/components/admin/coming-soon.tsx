/** What every admin screen shows for now, as the spec asks: its name and coming-soon text. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="admin-title">
      <h1 id="admin-title" className="font-display text-3xl font-bold text-gray-900">
        {title}
      </h1>
      <p className="mt-2 text-gray-600">{description}</p>
      <div className="mt-8 rounded-2xl border border-dashed border-bloom-300 bg-bloom-50 p-10 text-center">
        <p className="text-lg font-semibold text-bloom-800">Coming soon</p>
        <p className="mt-2 text-sm text-gray-700">This part of the admin area is being built. Nothing here can be changed yet.</p>
      </div>
    </section>
  );
}
