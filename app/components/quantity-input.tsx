import { useState } from "react";
import { clampQuantity } from "~/lib/cart";
import { QUANTITY_MAX, QUANTITY_MIN } from "~/lib/constants";
import { useHydrated } from "./use-hydrated";

/** The highest quantity a shopper may pick: the spec's 99, or the stock when that is lower (never below 1). */
export function quantityLimit(stock: number): number {
  return Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, Math.trunc(stock)));
}

interface Props {
  /** Upper bound before the spec's 99 cap: the stock. */
  stock: number;
  id?: string;
  name?: string;
  label?: string;
  disabled?: boolean;
}

const stepButton =
  "flex w-11 items-center justify-center text-xl font-medium text-gray-700 hover:bg-bloom-50 hover:text-bloom-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-bloom-600 disabled:cursor-not-allowed disabled:text-gray-400";

/** The minus or plus beside the input (with JavaScript only): one step down or up. */
function StepButton({
  label,
  sign,
  controls,
  disabled,
  onClick,
}: {
  label: string;
  sign: string;
  controls: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={stepButton}
      aria-label={label}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{sign}</span>
    </button>
  );
}

/**
 * A number input named `quantity`, bounded to 1..min(99, stock). Without JavaScript the input alone
 * works (the browser's own spinner and keyboard); with it, minus and plus buttons appear and every
 * value the shopper leaves in the field is clamped.
 */
export function QuantityInput({
  stock,
  id = "quantity",
  name = "quantity",
  label = "Quantity",
  disabled = false,
}: Props) {
  const hydrated = useHydrated();
  const max = quantityLimit(stock);
  const [value, setValue] = useState(String(QUANTITY_MIN));
  const current = clampQuantity(Number.parseInt(value, 10), max);
  const hintId = `${id}-hint`;

  const step = (delta: number) => setValue(String(clampQuantity(current + delta, max)));

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="inline-flex h-11 w-fit items-stretch overflow-hidden rounded-full border border-gray-300 bg-white">
        {hydrated ? (
          <StepButton label="Decrease quantity" sign="−" controls={id} disabled={disabled} onClick={() => step(-1)} />
        ) : null}
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={QUANTITY_MIN}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          aria-describedby={disabled ? undefined : hintId}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            const number = Number.parseInt(typed, 10);
            // Above the limit snaps down at once; an empty or lower value may still be mid-typing.
            setValue(Number.isFinite(number) && number > max ? String(max) : typed);
          }}
          onBlur={() => setValue(String(current))}
          className={`w-16 border-0 bg-transparent px-2 text-center text-base font-medium text-gray-900 focus:outline-2 focus:-outline-offset-2 focus:outline-bloom-600 disabled:text-gray-400 ${
            // With the buttons there, the browser's own spinner is redundant; without JavaScript it stays.
            hydrated
              ? "[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
              : ""
          }`}
        />
        {hydrated ? (
          <StepButton label="Increase quantity" sign="+" controls={id} disabled={disabled} onClick={() => step(1)} />
        ) : null}
      </div>
      {disabled ? null : (
        <p id={hintId} className="text-xs text-gray-600">
          {`From ${QUANTITY_MIN} to ${max}`}
        </p>
      )}
    </div>
  );
}
