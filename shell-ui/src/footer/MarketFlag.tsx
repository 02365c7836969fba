/**
 * The market picker's flags (spec 2.5, issue 18): tiny inline SVGs on a 3x2 grid, drawn from a
 * few rectangles each, so they cost no request and a few hundred bytes. Simplified on purpose:
 * at 21x14 px a coat of arms or 50 stars would be a smudge.
 */

/** A rectangle: fill, x, y, width, height on the 3x2 grid. */
type Rect = readonly [string, number, number, number, number];

/** bands are equal horizontal stripes, top to bottom. */
const bands = (...fills: string[]): Rect[] => fills.map((f, i) => [f, 0, (2 * i) / fills.length, 3, 2 / fills.length]);
/** columns are equal vertical stripes, left to right. */
const columns = (...fills: string[]): Rect[] => fills.map((f, i) => [f, i, 0, 1, 2]);

const usStripes: Rect[] = Array.from({ length: 7 }, (_, i): Rect => ['#b22234', 0, (4 * i) / 13, 3, 2 / 13]);

const flags: Record<string, readonly Rect[]> = {
  AT: bands('#c8102e', '#fff', '#c8102e'),
  CH: [['#d52b1e', 0, 0, 3, 2], ['#fff', 1.3, 0.4, 0.4, 1.2], ['#fff', 0.9, 0.8, 1.2, 0.4]],
  DE: bands('#000', '#d00', '#ffce00'),
  ES: [['#aa151b', 0, 0, 3, 2], ['#f1bf00', 0, 0.5, 3, 1]],
  FI: [['#fff', 0, 0, 3, 2], ['#002f6c', 0.83, 0, 0.5, 2], ['#002f6c', 0, 0.73, 3, 0.54]],
  FR: columns('#002395', '#fff', '#ed2939'),
  // Drawn over the saltire (MarketFlag).
  GB: [['#fff', 1.25, 0, 0.5, 2], ['#fff', 0, 0.75, 3, 0.5], ['#c8102e', 1.35, 0, 0.3, 2], ['#c8102e', 0, 0.85, 3, 0.3]],
  IE: columns('#169b62', '#fff', '#ff883e'),
  IT: columns('#009246', '#fff', '#ce2b37'),
  NL: bands('#ae1c28', '#fff', '#21468b'),
  PL: bands('#fff', '#dc143c'),
  US: [['#fff', 0, 0, 3, 2], ...usStripes, ['#3c3b6e', 0, 0, 1.2, 14 / 13]],
};

/**
 * MarketFlag draws the flag of an ISO 3166 alpha-2 code; the generic "other" entry (no code)
 * gets Europe's blue with its ring of stars. Decorative: the country's name stands beside it.
 */
export function MarketFlag({ code }: { code: string }) {
  const rects = flags[code];
  return (
    <svg className="shell-market__flag" data-flag={code || 'EU'} viewBox="0 0 3 2" width="21" height="14" aria-hidden="true" focusable="false">
      {code === 'GB' ? (
        <>
          <rect fill="#012169" width="3" height="2" />
          <path d="M0 0L3 2M3 0L0 2" stroke="#fff" strokeWidth="0.3" />
        </>
      ) : null}
      {rects ? (
        rects.map(([fill, x, y, width, height], i) => <rect key={i} fill={fill} x={x} y={y} width={width} height={height} />)
      ) : (
        <>
          <rect fill="#039" width="3" height="2" />
          <circle cx="1.5" cy="1" r="0.6" fill="none" stroke="#fc0" strokeWidth="0.14" strokeDasharray="0.13 0.184" />
        </>
      )}
    </svg>
  );
}
