import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { formatMoney, toCents } from "~/lib/money";
import { SEARCH_MAX_LENGTH } from "~/lib/search";
import type { Suggestion } from "~/services/search.server";
import { Img } from "./img";
import { LineIcon } from "./line-icon";
import { Marked } from "./marked-text";
import { useCurrency } from "./price";
import { useHydrated } from "./use-hydrated";

/** How long the box waits after the last keystroke before it asks for suggestions. */
const SUGGEST_DEBOUNCE_MS = 150;
/** Suggestions start from this many characters. */
const SUGGEST_FROM = 2;

const TYPE_LABELS: Record<Suggestion["type"], string> = {
  product: "Product",
  category: "Category",
  tutorial: "Tutorial",
};

const INPUT_ID = "site-search";
const LISTBOX_ID = "site-search-suggestions";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;
const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

/** Suggestions for the words typed, or none when the call fails or is overtaken by a newer one. */
async function fetchSuggestions(q: string, signal: AbortSignal): Promise<Suggestion[]> {
  const response = await fetch(`/api/search/suggest?${new URLSearchParams({ q })}`, { signal });
  if (!response.ok) return [];
  const body = (await response.json()) as { data?: { suggestions?: Suggestion[] } };
  return body.data?.suggestions ?? [];
}

/**
 * The header's search box: a GET form to /search that works without JavaScript. With it, the box
 * is an ARIA 1.2 combobox: suggestions while typing (debounced, a stale request aborted), arrow
 * keys move through them, Enter follows the active one (or searches), Escape closes then clears,
 * a click outside closes.
 */
export function SearchBox() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const currency = useCurrency();
  const wrapper = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // Open on the page it was opened on: going to another page closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === locationKey;
  const setOpen = (opened: boolean) => setOpenAt(opened ? locationKey : null);
  const [active, setActive] = useState(-1);

  // Ask for the words typed, after a pause; a newer keystroke aborts the older request.
  useEffect(() => {
    const q = value.trim();
    if (q.length < SUGGEST_FROM) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(q, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  // A click outside the box closes it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  // The last answer, while the words typed are enough to ask.
  const shown = value.trim().length >= SUGGEST_FROM ? suggestions : [];
  const expanded = open && shown.length > 0;
  const follow = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(suggestion.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = shown.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      setOpen(true);
      if (!expanded || active < 0) setActive(down ? 0 : count - 1);
      else setActive((active + (down ? 1 : -1) + count) % count);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      follow(shown[active]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setValue("");
      setActive(-1);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    setOpen(false);
    navigate(`/search?${new URLSearchParams({ q: value.trim() })}`);
  };

  return (
    <form
      ref={wrapper}
      method="get"
      action="/search"
      role="search"
      aria-label="Shop"
      noValidate
      onSubmit={onSubmit}
      className="relative order-last w-full xl:order-none xl:w-64"
    >
      <label htmlFor={INPUT_ID} className="sr-only">
        Search the shop
      </label>
      <input
        id={INPUT_ID}
        name="q"
        type="search"
        placeholder="Search flowers, tutorials…"
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-expanded": expanded,
              "aria-controls": LISTBOX_ID,
              "aria-autocomplete": "list" as const,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
        className={`block w-full rounded-full border border-gray-300 py-1.5 pl-3 pr-9 text-sm ${focusRing}`}
      />
      <button
        type="submit"
        className={`absolute inset-y-0 right-0 flex items-center rounded-full px-2.5 text-gray-600 hover:text-bloom-700 ${focusRing}`}
      >
        <LineIcon>
          <circle cx="11" cy="11" r="6" />
          <path d="m20 20-4.5-4.5" />
        </LineIcon>
        <span className="sr-only">Search</span>
      </button>
      {hydrated ? (
        <>
          <ul
            id={LISTBOX_ID}
            role="listbox"
            aria-label="Suggestions"
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-bloom-100 bg-white py-1 shadow-lg xl:-left-24"
          >
            {shown.map((suggestion, index) => (
              // The keys are the box's (aria-activedescendant): an option is only ever clicked.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={suggestion.url}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keep the focus in the box: the click follows the option.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => follow(suggestion)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? "bg-bloom-50" : "hover:bg-gray-50"}`}
              >
                <Img src={suggestion.image} alt="" width={40} height={40} className="h-10 w-10 rounded object-cover" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-gray-900">
                    <Marked pieces={suggestion.title_marked} />
                  </span>
                  <span className="text-xs text-gray-600">{TYPE_LABELS[suggestion.type]}</span>
                </span>
                {suggestion.price !== null ? (
                  <span className="font-medium text-gray-900">{formatMoney(toCents(suggestion.price), currency)}</span>
                ) : null}
              </li>
            ))}
          </ul>
          <p role="status" className="sr-only">
            {open && value.trim().length >= SUGGEST_FROM
              ? `${shown.length} ${shown.length === 1 ? "suggestion" : "suggestions"}`
              : ""}
          </p>
        </>
      ) : null}
    </form>
  );
}
