import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { ImgHTMLAttributes, ReactNode } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

declare module "react" {
  // React 18 knows the attribute only in lower case (it warns about `fetchPriority`).
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    fetchpriority?: "high" | "low" | "auto";
  }
}

type Props = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The page's largest image (its LCP): loaded at once and fetched first (see `preloadImage`). */
  priority?: boolean;
};

/**
 * An image with its dimensions (no layout shift) that lazy-loads unless told otherwise. The server
 * already swaps missing files for the placeholder; with JavaScript, a file that fails later does too.
 */
export function Img({ alt, loading = "lazy", decoding = "async", priority = false, onError, ...props }: Props) {
  return (
    <img
      alt={alt}
      loading={priority ? "eager" : loading}
      fetchpriority={priority ? "high" : undefined}
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

/**
 * The head's preload of a page's largest image, the one its `Img` has `priority`: the browser asks
 * for it first, with the stylesheet (docs/decisions/031-first-paint.md).
 */
export function preloadImage(src: string | null | undefined): MetaDescriptor[] {
  return src ? [{ tagName: "link", rel: "preload", as: "image", href: src, fetchpriority: "high" }] : [];
}

/** How a place of the shop shows its image: the size it is sent at, how it is drawn and, on cards, its frame. */
export interface ImgPlace {
  /** The box the image fills, when it has one (a card's top, a dialog's picture). */
  frame?: string;
  width: number;
  height: number;
  className: string;
  loading?: "eager" | "lazy";
}

/**
 * An image as one of the shop's places shows it (each place declared beside its one user), in its frame when the place has one;
 * `children` sit in the frame over the image (a card's badges). `className` adds to the image's own.
 */
export function PlacedImg({
  place,
  src,
  alt = "",
  loading,
  priority,
  className,
  children,
}: {
  place: ImgPlace;
  src: string;
  alt?: string;
  loading?: "eager" | "lazy";
  priority?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const spec = place;
  const img = (
    <Img
      src={src}
      alt={alt}
      width={spec.width}
      height={spec.height}
      loading={loading ?? spec.loading}
      priority={priority}
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

/** A product's square picture on a card (the lists, related products, the wishlist), sent at `size` pixels. */
export const squareProductImage = (size: number): ImgPlace => ({
  frame: "relative aspect-square bg-bloom-50",
  width: size,
  height: size,
  className: "h-full w-full object-cover",
});
