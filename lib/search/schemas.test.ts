import { describe, expect, it } from "vitest";
import { cleanQuery, MAX_QUERY_CHARS, parseQuery, toTsQueryText, typoCandidates } from "./schemas";

describe("parseQuery", () => {
  it("words of letters and digits, lower case, in order, once", () => {
    expect(parseQuery("Warranty  claims, warranty 2024!").tokens).toEqual(["warranty", "claims", "2024"]);
  });
  it("nothing to search: empty, one character, only punctuation", () => {
    expect(parseQuery("").tokens).toEqual([]);
    expect(parseQuery("a").tokens).toEqual([]);
    expect(parseQuery(" ?!.,;:-()[]{} ").tokens).toEqual([]);
    expect(parseQuery(undefined).tokens).toEqual([]);
  });
  it("LIKE and tsquery syntax never survive: % _ \\ quotes & | ! : *", () => {
    expect(parseQuery(`%_\\'"&|!:*()<->`).tokens).toEqual([]);
    expect(parseQuery(`it's 50% o'clock`).tokens).toEqual(["it", "s", "50", "o", "clock"]);
  });
  it("strips NUL and other control and format characters", () => {
    expect(cleanQuery("war\u0000ranty\u0001\u0002\u202e\u200b x")).toBe("war ranty x");
    expect(parseQuery("a\u0000").tokens).toEqual([]);
  });
  it("caps the text at MAX_QUERY_CHARS and the words at 8", () => {
    expect(cleanQuery("x".repeat(500)).length).toBe(MAX_QUERY_CHARS);
    expect(parseQuery("a b c d e f g h i j k l").tokens).toHaveLength(8);
    expect(parseQuery("y".repeat(500)).tokens[0]).toHaveLength(40);
  });
  it("other scripts are words too", () => {
    expect(parseQuery("Привет мир").tokens).toEqual(["привет", "мир"]);
    expect(parseQuery("東京 ŞİRKET").tokens.length).toBe(2);
    expect(parseQuery("café").tokens).toEqual(["café"]);
  });
});

describe("toTsQueryText", () => {
  it("all words, the last one as a prefix, alternatives or-ed", () => {
    expect(toTsQueryText(["warranty", "cla"])).toBe("'warranty' & 'cla':*");
    expect(toTsQueryText(["warrenty"], new Map([["warrenty", ["warranty"]]]))).toBe("('warrenty':* | 'warranty')");
  });
  it("typo candidates are words of 4+ letters", () => {
    expect(typoCandidates(["war", "warrenty", "2024", "ab12"])).toEqual(["warrenty", "ab12"]);
  });
});
