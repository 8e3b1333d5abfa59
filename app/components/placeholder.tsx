/** A page whose feature is planned but not built yet: says so plainly instead of faking it. */
export function Placeholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 text-gray-600">{children ?? <p>This page is coming soon.</p>}</div>
    </section>
  );
}
