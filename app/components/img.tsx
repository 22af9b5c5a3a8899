import type { ImgHTMLAttributes } from "react";

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
