import { describe, expect, it } from "vitest";
import { fitsOptions, generateVariants, uniqueSku, valueInitials } from "~/lib/variants";

// "Generate variants" of the back office's product page: one new row per combination not yet
// present, the rows given kept, SKUs made from the values' initials and made unique.

const SIZE = { name: "Size", values: ["Small", "Large"] };
const COLOUR = { name: "Colour", values: ["Light Pink", "White"] };
const product = { sku: "TB-100", price: 44 };

describe("generateVariants", () => {
  it("makes one row per combination, the first option varying slowest, at the product's price and no stock", () => {
    expect(generateVariants([SIZE, COLOUR], [], product)).toEqual([
      { sku: "TB-100-S-LP", options: { Size: "Small", Colour: "Light Pink" }, price: 44, sale_price: null, stock: 0 },
      { sku: "TB-100-S-W", options: { Size: "Small", Colour: "White" }, price: 44, sale_price: null, stock: 0 },
      { sku: "TB-100-L-LP", options: { Size: "Large", Colour: "Light Pink" }, price: 44, sale_price: null, stock: 0 },
      { sku: "TB-100-L-W", options: { Size: "Large", Colour: "White" }, price: 44, sale_price: null, stock: 0 },
    ]);
  });

  it("adds only the combinations no row has, whatever the order of a row's values", () => {
    const rows = [{ sku: "MINE", options: { Colour: "White", Size: "Large" } }];
    const added = generateVariants([SIZE, COLOUR], rows, product);
    expect(added.map((row) => row.options)).toEqual([
      { Size: "Small", Colour: "Light Pink" },
      { Size: "Small", Colour: "White" },
      { Size: "Large", Colour: "Light Pink" },
    ]);
    expect(
      generateVariants(
        [SIZE],
        [
          { sku: "A", options: { Size: "Small" } },
          { sku: "B", options: { Size: "Large" } },
        ],
        product,
      ),
    ).toEqual([]);
  });

  it("makes each SKU unique among the rows', the ones in use and its own, without regard to case", () => {
    const options = [{ name: "Size", values: ["Small", "Standard", "Large"] }];
    const added = generateVariants(options, [{ sku: "tb-100-l", options: {} }], product, new Set(["TB-100-S"]));
    expect(added.map((row) => row.sku)).toEqual(["TB-100-S-2", "TB-100-S-3", "TB-100-L-2"]);
  });

  it("gives nothing to a product without options that has its one variant", () => {
    expect(generateVariants([], [{ sku: "TB-100", options: {} }], product)).toEqual([]);
    expect(generateVariants([], [], product)).toEqual([
      { sku: "TB-100", options: {}, price: 44, sale_price: null, stock: 0 },
    ]);
  });
});

describe("the helpers", () => {
  it("write a combination's initials, word by word", () => {
    expect(valueInitials({ Size: "Grand", Colour: "light pink" })).toBe("G-LP");
    expect(valueInitials({ Size: "12 inch" })).toBe("1I");
    expect(valueInitials({})).toBe("");
  });

  it("number a SKU in use", () => {
    expect(uniqueSku("A-S", new Set())).toBe("A-S");
    expect(uniqueSku("A-S", new Set(["A-S", "A-S-2"]))).toBe("A-S-3");
  });

  it("tell whether values are one of each option's", () => {
    expect(fitsOptions([SIZE, COLOUR], { Size: "Small", Colour: "White" })).toBe(true);
    expect(fitsOptions([SIZE, COLOUR], { Size: "Small" })).toBe(false);
    expect(fitsOptions([SIZE], { Size: "Huge" })).toBe(false);
    expect(fitsOptions([SIZE], { Size: "Small", Colour: "White" })).toBe(false);
    expect(fitsOptions([], {})).toBe(true);
  });
});
