/**
 * A QR matrix (from `uqr`'s `encode(…).data`) as one SVG path: a unit square per dark module, inside a
 * 4-module quiet zone, black on white whatever the theme (a phone must read it off a dark screen too).
 */
export function QrSvg({ modules, label, className }: { modules: boolean[][]; label: string; className?: string }) {
  const size = modules.length;
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className={className}
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
