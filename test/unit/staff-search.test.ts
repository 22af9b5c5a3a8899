import { describe, expect, it } from "vitest";
import { staffMatch } from "~/lib/staff-search";

describe("staffMatch", () => {
  it("makes each word a quoted string, every word required, the last one a prefix", () => {
    expect(staffMatch("anna smi")).toBe('"anna" AND "smi"*');
    expect(staffMatch("  Anna  ")).toBe('"Anna"*');
  });

  it("keeps an email or an order number one word, for the index to split into a phrase", () => {
    expect(staffMatch("anna@example.com")).toBe('"anna@example.com"*');
    expect(staffMatch("TB-261127-7KQ2M")).toBe('"TB-261127-7KQ2M"*');
  });

  it("takes FTS syntax as text: quotes doubled, operators and brackets inside strings", () => {
    expect(staffMatch('say "hi')).toBe('"say" AND """hi"*');
    expect(staffMatch("rose NEAR(lily) -tulip OR *")).toBe('"rose" AND "NEAR(lily)" AND "-tulip" AND "OR"*');
    expect(staffMatch("a:b {c} ^d")).toBe('"a:b" AND "{c}" AND "^d"*');
  });

  it("drops words without a letter or digit, and has nothing to match without any", () => {
    expect(staffMatch("🌹 rose ***")).toBe('"rose"*');
    expect(staffMatch("*** - ( ) 🌹")).toBeNull();
    expect(staffMatch("")).toBeNull();
  });

  it("matches letters of any script", () => {
    expect(staffMatch("Zoë Ødegaard 李")).toBe('"Zoë" AND "Ødegaard" AND "李"*');
  });
});
