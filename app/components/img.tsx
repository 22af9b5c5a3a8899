import type { ImgHTMLAttributes, ReactNode } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; width: number; height: number };

/**
 * An image with its dimensions (no layout shift) that lazy-loads unless told otherwise. The server
 * already swaps missing files for the placeholder; with JavaScript, a file that fails later does too.
 */
export function Img({ alt, loading = "lazy", decoding = "async", onError, ...props }: Props) {
  return (
    <img
      alt={alt}
      loading={loading}
      decoding={decoding}
      {...props}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
        onError?.(event);
      }}
    />
  );
}

interface ImgPlace {
  /** The box the image fills, when it has one (a card's top, a dialog's picture). */
  frame?: string;
  width: number;
  height: number;
  className: string;
  loading?: "eager" | "lazy";
}

/** Where the shop shows its images: the size each is sent at, how it is drawn and, on cards, its frame. */
const IMG_PLACES = {
  blogCard: {
    frame: "aspect-[40/21] overflow-hidden bg-bloom-50",
    width: 600,
    height: 315,
    className: "h-full w-full object-cover transition group-hover:scale-[1.02]",
  },
  categoryCard: {
    frame: "aspect-[3/2] overflow-hidden bg-bloom-50",
    width: 600,
    height: 400,
    className: "h-full w-full object-cover transition duration-300 group-hover:scale-105",
  },
  productCard: {
    frame: "relative aspect-square bg-bloom-50",
    width: 800,
    height: 800,
    className: "h-full w-full object-cover",
  },
  relatedCard: {
    frame: "relative aspect-square bg-bloom-50",
    width: 400,
    height: 400,
    className: "h-full w-full object-cover",
  },
  wishlistCard: {
    frame: "relative aspect-square bg-bloom-50",
    width: 600,
    height: 600,
    className: "h-full w-full object-cover",
  },
  quickView: {
    frame: "relative mx-auto aspect-square w-full max-w-64 overflow-hidden rounded-xl bg-bloom-50 sm:max-w-none",
    width: 800,
    height: 800,
    className: "h-full w-full object-cover",
    loading: "eager",
  },
  wishlistSave: {
    frame: "mx-auto mt-8 w-48 overflow-hidden rounded-2xl border border-bloom-100 bg-bloom-50",
    width: 400,
    height: 400,
    className: "aspect-square w-full object-cover",
    loading: "eager",
  },
  blogFeatured: { width: 1200, height: 630, className: "mt-8 h-auto w-full rounded-2xl bg-bloom-50", loading: "eager" },
  authorAvatar: { width: 40, height: 40, className: "h-10 w-10 rounded-full bg-bloom-50", loading: "eager" },
  teamPortrait: { width: 256, height: 256, className: "h-28 w-28 rounded-full bg-bloom-50" },
  orderPreview: { width: 48, height: 48, className: "h-12 w-12 rounded-lg bg-bloom-50 object-cover" },
  orderLine: { width: 64, height: 64, className: "h-16 w-16 rounded-lg bg-bloom-50 object-cover" },
  cartLine: { width: 96, height: 96, className: "h-24 w-24 rounded-xl bg-bloom-50 object-cover" },
} satisfies Record<string, ImgPlace>;

export type ImgPlaceName = keyof typeof IMG_PLACES;

/**
 * An image as one of the shop's places shows it (`IMG_PLACES`), in its frame when the place has one;
 * `children` sit in the frame over the image (a card's badges). `className` adds to the image's own.
 */
export function PlacedImg({
  place,
  src,
  alt = "",
  loading,
  className,
  children,
}: {
  place: ImgPlaceName;
  src: string;
  alt?: string;
  loading?: "eager" | "lazy";
  className?: string;
  children?: ReactNode;
}) {
  const spec: ImgPlace = IMG_PLACES[place];
  const img = (
    <Img
      src={src}
      alt={alt}
      width={spec.width}
      height={spec.height}
      loading={loading ?? spec.loading}
      className={className ? `${spec.className} ${className}` : spec.className}
    />
  );
  if (!spec.frame) return img;
  return (
    <div className={spec.frame}>
      {img}
      {children}
    </div>
  );
}
