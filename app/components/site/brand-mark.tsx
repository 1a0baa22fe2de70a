/** The site's mark: a sauna roof over a rising wave of steam. Decorative; the name is beside it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <path d="M6 15 16 7l10 8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="M12 25c-1.6-1.6-1.6-3.2 0-4.8s1.6-3.2 0-4.8M16.5 25c-1.6-1.6-1.6-3.2 0-4.8s1.6-3.2 0-4.8M21 25c-1.6-1.6-1.6-3.2 0-4.8s1.6-3.2 0-4.8"
        fill="none"
        stroke="#fde6c8"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
