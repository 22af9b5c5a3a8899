import { describe, expect, it } from "vitest";
import {
  closestWord,
  editDistance,
  markedPieces,
  MARK_END,
  MARK_START,
  matchQuery,
  plainText,
  searchWords,
  SEARCH_MAX_WORDS,
  trigramQuery,
} from "~/lib/search";

// The search's query builder: whatever is typed becomes quoted words (never FTS5 syntax), the last
// word also a prefix; typos find the nearest title word; matched words come back as marked pieces.

describe("searchWords and matchQuery", () => {
  it("keeps letters and digits only, lower case, every other character a separator", () => {
    expect(searchWords('  Red "Roses" & (lavender)* ')).toEqual(["red", "roses", "lavender"]);
    expect(searchWords("NEAR(rose tulip) -daisy")).toEqual(["near rose", "tulip", "daisy"]);
    expect(searchWords("' OR 1=1 --")).toEqual(["or", "1 1"]);
    expect(searchWords("Crème brûlée 花束 🌸")).toEqual(["crème", "brûlée", "花束"]);
    expect(searchWords("%_*()\"'-🌸")).toEqual([]);
    expect(searchWords("ｒｏｓｅ")).toEqual(["rose"]);
    expect(searchWords("a ".repeat(500))).toHaveLength(SEARCH_MAX_WORDS);
  });

  it("quotes every word, requires them all, and matches the last one whole or as a prefix", () => {
    expect(matchQuery([])).toBeNull();
    expect(matchQuery(["sunfl"])).toBe('("sunfl" OR "sunfl"*)');
    expect(matchQuery(["red", "or", "near", "ros"])).toBe('"red" AND "or" AND "near" AND ("ros" OR "ros"*)');
  });

  it("keeps an email, an order number or a hyphenated word one phrase, its last token a prefix", () => {
    expect(searchWords("Anna@Example.com")).toEqual(["anna example com"]);
    expect(matchQuery(searchWords("anna@example.com"))).toBe('("anna example com" OR "anna example com"*)');
    expect(matchQuery(searchWords("TB-261127-7K"))).toBe('("tb 261127 7k" OR "tb 261127 7k"*)');
    expect(matchQuery(searchWords("pipe-cleaner roses"))).toBe('"pipe cleaner" AND ("roses" OR "roses"*)');
    expect(searchWords("Zoë Ødegaard 李")).toEqual(["zoë", "ødegaard", "李"]);
  });
});

describe("typos", () => {
  it("cuts a word in three-letter pieces, any of which may match", () => {
    expect(trigramQuery("ros")).toBeNull();
    expect(trigramQuery("pipe cleaner")).toBeNull();
    expect(trigramQuery("lavendar")).toBe('"lav" OR "ave" OR "ven" OR "end" OR "nda" OR "dar"');
    expect(trigramQuery("aaaa")).toBe('"aaa"');
  });

  it("counts the edits between two words", () => {
    expect(editDistance("lavendar", "lavender")).toBe(1);
    expect(editDistance("sunflwer", "sunflower")).toBe(1);
    expect(editDistance("rose", "rose")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("finds the closest word of the titles, forgiving more in longer words", () => {
    const titles = ["Mama's Lavender Posy", "Sunflower Sunshine Jar", "Lavender Field Vase"];
    expect(closestWord("lavendar", titles)).toBe("lavender");
    expect(closestWord("sunflwer", titles)).toBe("sunflower");
    expect(closestWord("vasr", titles)).toBe("vase");
    expect(closestWord("xyzzy", titles)).toBeNull();
    expect(closestWord("pos", titles)).toBeNull();
  });
});

describe("markedPieces", () => {
  it("turns the index's marks into pieces, text never read as HTML", () => {
    const text = `Red ${MARK_START}Rose${MARK_END} <b>& ${MARK_START}Roses${MARK_END}`;
    expect(markedPieces(text)).toEqual([
      { text: "Red ", mark: false },
      { text: "Rose", mark: true },
      { text: " <b>& ", mark: false },
      { text: "Roses", mark: true },
    ]);
    expect(plainText(markedPieces(text))).toBe("Red Rose <b>& Roses");
    expect(markedPieces("plain")).toEqual([{ text: "plain", mark: false }]);
    expect(markedPieces("")).toEqual([]);
  });
});
