/**
 * A page's error in words only, a heading and a line: the site-wide 503, an unexpected failure,
 * and any page error whose panel could not be fetched.
 */
export function PlainPageError({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <main id="main" className="page-container flex-1 py-24 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      {children}
    </main>
  );
}
