import { describe, expect, it } from "vitest";
import {
  closestVariant,
  combinations,
  defaultVariant,
  optionChoices,
  optionsKey,
  optionsLabel,
  variantFor,
  type ProductOption,
} from "~/lib/variants";

const SIZE: ProductOption = { name: "Size", values: ["Posy", "Bouquet", "Grand"] };
const COLOUR: ProductOption = { name: "Colour", values: ["Pink", "White"] };

/** Grand/White is not sold; Bouquet/White is sold out. */
const variants = [
  { id: 1, options: { Size: "Posy", Colour: "Pink" }, stock: 3 },
  { id: 2, options: { Size: "Posy", Colour: "White" }, stock: 1 },
  { id: 3, options: { Size: "Bouquet", Colour: "Pink" }, stock: 5 },
  { id: 4, options: { Size: "Bouquet", Colour: "White" }, stock: 0 },
  { id: 5, options: { Size: "Grand", Colour: "Pink" }, stock: 2 },
];

describe("combinations: the generator", () => {
  it("gives one row per combination, the first option varying slowest", () => {
    expect(combinations([SIZE, COLOUR])).toEqual([
      { Size: "Posy", Colour: "Pink" },
      { Size: "Posy", Colour: "White" },
      { Size: "Bouquet", Colour: "Pink" },
      { Size: "Bouquet", Colour: "White" },
      { Size: "Grand", Colour: "Pink" },
      { Size: "Grand", Colour: "White" },
    ]);
  });

  it("gives the one implicit combination without options, and 3 x 20 x 20 rows at the limits", () => {
    expect(combinations([])).toEqual([{}]);
    const many = (name: string) => ({ name, values: Array.from({ length: 20 }, (_, i) => `${name}${i}`) });
    expect(combinations([{ name: "A", values: ["a"] }, many("B"), many("C")])).toHaveLength(400);
  });

  it("gives no rows when an option has no values", () => {
    expect(combinations([SIZE, { name: "Colour", values: [] }])).toEqual([]);
  });
});

describe("labels and keys", () => {
  it("writes the option values as a shopper reads them", () => {
    expect(optionsLabel({ Size: "Grand", Colour: "Pink" })).toBe("Size: Grand · Colour: Pink");
    expect(optionsLabel({})).toBe("");
  });

  it("writes one combination as one text, in the options' order whatever the given order", () => {
    expect(optionsKey([SIZE, COLOUR], { Colour: "Pink", Size: "Grand" })).toBe('{"Size":"Grand","Colour":"Pink"}');
  });
});

describe("choosing a variant", () => {
  it("finds the variant of exactly these values, or none", () => {
    expect(variantFor(variants, { Colour: "Pink", Size: "Grand" })?.id).toBe(5);
    expect(variantFor(variants, { Size: "Grand", Colour: "White" })).toBeUndefined();
    expect(variantFor(variants, { Size: "Grand" })).toBeUndefined();
  });

  it("keeps the earlier option's value when the combination is not sold", () => {
    expect(closestVariant([SIZE, COLOUR], variants, { Size: "Grand", Colour: "White" })?.id).toBe(5);
    expect(closestVariant([SIZE, COLOUR], variants, { Size: "Bouquet", Colour: "Blue" })?.id).toBe(3);
  });

  it("shows the first variant in stock first", () => {
    expect(defaultVariant([{ ...variants[0]!, stock: 0 }, ...variants.slice(1)])?.id).toBe(2);
    expect(defaultVariant(variants.map((v) => ({ ...v, stock: 0 })))?.id).toBe(1);
  });
});

describe("optionChoices: what the product page offers beside the chosen variant", () => {
  it("marks each value available, sold out or not sold with its reason, keeping the other values", () => {
    const [size, colour] = optionChoices([SIZE, COLOUR], variants, variants[0]!);
    expect(size).toEqual({
      name: "Size",
      choices: [
        { value: "Posy", variant_id: 1, status: "available", checked: true, reason: null },
        { value: "Bouquet", variant_id: 3, status: "available", checked: false, reason: null },
        { value: "Grand", variant_id: 5, status: "available", checked: false, reason: null },
      ],
    });
    expect(colour!.choices.map((c) => [c.value, c.status, c.checked])).toEqual([
      ["Pink", "available", true],
      ["White", "available", false],
    ]);
  });

  it("says why Grand in white cannot be chosen, and that Bouquet in white is sold out", () => {
    const grand = optionChoices([SIZE, COLOUR], variants, variants[4]!);
    expect(grand[1]!.choices[1]).toEqual({
      value: "White",
      variant_id: null,
      status: "not_sold",
      checked: false,
      reason: "Not made in Grand",
    });
    const bouquet = optionChoices([SIZE, COLOUR], variants, variants[2]!);
    expect(bouquet[1]!.choices[1]).toMatchObject({
      value: "White",
      variant_id: 4,
      status: "out_of_stock",
      reason: "Sold out",
    });
  });
});
