import { describe, expect, it } from "vitest";
import { chosenVariant, openChoices, variantForFields, type ProductOption } from "../../app/lib/variants";

// How the product page picks the variant it shows: `?variant={id}`, or the options' GET form.

const options: ProductOption[] = [
  { name: "Size", values: ["Bouquet", "Grand"] },
  { name: "Colour", values: ["Pink", "White"] },
];
const variants = [
  { id: 11, options: { Size: "Bouquet", Colour: "Pink" }, stock: 0 },
  { id: 12, options: { Size: "Bouquet", Colour: "White" }, stock: 4 },
  { id: 13, options: { Size: "Grand", Colour: "Pink" }, stock: 2 },
];

describe("chosenVariant", () => {
  it("finds the variant ?variant= names", () => {
    expect(chosenVariant(variants, "13")?.id).toBe(13);
  });

  it("falls back to the default (the first in stock) for anything else", () => {
    for (const param of [null, "", "abc", "12abc", "-13", "1e1", "99", "013x", " 13"])
      expect(chosenVariant(variants, param)?.id, String(param)).toBe(12);
  });

  it("answers nothing for a product with no variant sold", () => {
    expect(chosenVariant([], "1")).toBeUndefined();
  });
});

describe("variantForFields", () => {
  const fields = (query: string) => new URLSearchParams(query);

  it("names the exact combination", () => {
    expect(variantForFields(options, variants, fields("Size=Grand&Colour=Pink"))?.id).toBe(13);
  });

  it("names the closest one when the combination is not sold, the earlier option weighing more", () => {
    expect(variantForFields(options, variants, fields("Size=Grand&Colour=White"))?.id).toBe(13);
    expect(variantForFields(options, variants, fields("Size=Grand"))?.id).toBe(13);
  });

  it("still names a variant of the product for an unknown value", () => {
    expect(variants.map((variant) => variant.id)).toContain(
      variantForFields(options, variants, fields("Size=Nope"))?.id,
    );
  });

  it("is undefined when no option's field was sent", () => {
    expect(variantForFields(options, variants, fields("variant=13&image=2"))).toBeUndefined();
    expect(variantForFields([], [{ id: 1, options: {}, stock: 3 }], fields("Size=Grand"))).toBeUndefined();
  });
});

describe("openChoices", () => {
  it("offers every value, the first checked, none disabled", () => {
    expect(openChoices(options)[1]).toEqual({
      name: "Colour",
      choices: [
        { value: "Pink", variant_id: null, status: "available", checked: true, reason: null },
        { value: "White", variant_id: null, status: "available", checked: false, reason: null },
      ],
    });
  });
});
