import { useRef, useState, type KeyboardEvent } from "react";
import type { ProductImage } from "~/services/products.server";
import { Img } from "./img";
import { useHydrated } from "./use-hydrated";

/** The illustrations are square, 800 x 800. */
const MAIN_SIZE = 800;
const THUMB_SIZE = 96;

const thumbClass = (selected: boolean) =>
  `block overflow-hidden rounded-xl border-2 bg-bloom-50 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 ${
    selected ? "border-bloom-600" : "border-transparent hover:border-bloom-200"
  }`;

interface Props {
  images: ProductImage[];
  /** Index of the image the server shows first (from `?image=N`). */
  selected: number;
  /** Where each thumbnail leads without JavaScript: the same page with that image as the main one. */
  hrefFor: (index: number) => string;
}

/**
 * The main image and a row of thumbnails. Without JavaScript every thumbnail is a link to
 * `?image=N`, which the server renders as the main image (a plain GET). With JavaScript the
 * thumbnails become toggle buttons that switch the main image at once; arrow keys, Home and End
 * move between them.
 */
export function ProductGallery({ images, selected, hrefFor }: Props) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(Math.min(Math.max(selected, 0), Math.max(images.length - 1, 0)));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const main = images[current] ?? images[0];
  if (!main) return null;

  const choose = (index: number, focus: boolean) => {
    const next = (index + images.length) % images.length;
    setCurrent(next);
    if (focus) buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    <section aria-label="Product images" className="flex flex-col gap-4">
      <figure className="overflow-hidden rounded-3xl border border-bloom-100 bg-bloom-50">
        <Img
          src={main.url}
          alt={main.alt}
          width={MAIN_SIZE}
          height={MAIN_SIZE}
          priority
          className="aspect-square h-auto w-full object-cover"
        />
        {images.length > 1 ? (
          <figcaption className="sr-only">{`Image ${current + 1} of ${images.length}`}</figcaption>
        ) : null}
      </figure>
      {images.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3" aria-label="Choose an image">
          {images.map((image, index) => {
            const isCurrent = index === current;
            const label = `Show image ${index + 1} of ${images.length}: ${image.alt}`;
            const thumb = (
              <Img
                src={image.url}
                alt=""
                width={THUMB_SIZE}
                height={THUMB_SIZE}
                className="aspect-square h-auto w-full object-cover"
              />
            );
            return (
              <li key={`${image.url}-${index}`}>
                {hydrated ? (
                  <button
                    ref={(element) => {
                      buttons.current[index] = element;
                    }}
                    type="button"
                    aria-label={label}
                    aria-pressed={isCurrent}
                    onClick={() => choose(index, false)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    className={`w-full ${thumbClass(isCurrent)}`}
                  >
                    {thumb}
                  </button>
                ) : (
                  <a
                    href={hrefFor(index)}
                    aria-label={label}
                    aria-current={isCurrent ? "true" : undefined}
                    className={thumbClass(isCurrent)}
                  >
                    {thumb}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
