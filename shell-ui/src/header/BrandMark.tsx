/**
 * BrandMark is the built-in wordmark: a shield with a rising line, and the name. It stays
 * inline: it is the first thing a visitor sees, its colours follow the header and the dark
 * footer (Logo.css, Footer.css), and its name is set in the shell's font; an <img> would
 * get neither. Its paint lives in Logo.css, so the markup is only the shapes.
 */
export function BrandMark() {
  return (
    <svg className="shell-brand" viewBox="0 0 180 40" width="180" height="40" aria-hidden="true">
      <path className="shell-brand__shield" d="M20 3 34 8v11c0 9-6 15.5-14 18C12 34.5 6 28 6 19V8Z" />
      <path className="shell-brand__rise" d="m12 24 6-6 4 4 7-8" />
      <text className="shell-brand__name" x="44" y="28">
        shellgate
      </text>
    </svg>
  );
}
