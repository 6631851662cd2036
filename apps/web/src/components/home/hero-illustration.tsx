/** A drawn car so the hero needs no photo download. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 240" className={className} role="img" aria-label="Illustration of a car">
      <ellipse cx="240" cy="206" rx="200" ry="14" fill="#0f172a" opacity="0.25" />
      <path
        d="M60 170c0-18 10-30 30-34l58-12 50-44c10-9 22-14 36-14h92c14 0 26 6 35 16l40 44 34 8c15 4 25 16 25 32v14c0 6-4 10-10 10H70c-6 0-10-4-10-10z"
        fill="#ffffff"
      />
      <path d="M206 88c6-6 14-9 22-9h40v52h-96zM282 79h38c9 0 17 4 22 11l32 41h-92z" fill="#bfdbfe" />
      <rect x="60" y="160" width="360" height="10" rx="5" fill="#93c5fd" />
      <circle cx="140" cy="188" r="30" fill="#0f172a" />
      <circle cx="140" cy="188" r="13" fill="#cbd5e1" />
      <circle cx="350" cy="188" r="30" fill="#0f172a" />
      <circle cx="350" cy="188" r="13" fill="#cbd5e1" />
      <rect x="408" y="146" width="16" height="8" rx="3" fill="#fde68a" />
    </svg>
  );
}
