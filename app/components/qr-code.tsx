/** A QR code the server drew (app/services/qr.server.ts): inline SVG, crisp at any size. */
export function QrCode({ size, d, label, className }: { size: number; d: string; label: string; className?: string }) {
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
