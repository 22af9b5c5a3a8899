import { encode } from "uqr";

/**
 * A QR code as one SVG path (docs/decisions/023): drawn by the server into the page (no script, no
 * image request, nothing sent anywhere), from the `uqr` encoder's module grid.
 */
export interface QrPath {
  /** Modules per side, the quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** One `M x y h1 v1 h-1 z` square per dark module. */
  d: string;
}

export function qrPath(text: string): QrPath {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let d = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y]![x]) d += `M${x} ${y}h1v1h-1z`;
  }
  return { size, d };
}
