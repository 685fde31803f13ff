import { describe, expect, it } from "vitest";
import { MAX_NEWEST_ROWS, UNTRACKED_FREQ, parseTsQuery, readPlan, termFreq, termText, type TableStats } from "./plan";

/** Statistics like ANALYZE's for the bench's million posts: every common word in about 45% of them. */
const posts: TableStats = {
  rows: 1_000_000,
  freqs: new Map([
    ["warranti", 0.45],
    ["war", 0.02],
    ["claim", 0.45],
    ["inspect", 0.44],
  ]),
  minFreq: 0.02,
};

describe("parseTsQuery", () => {
  it("reads PostgreSQL's normalized tsquery: an AND of lexemes or OR groups, prefixes marked", () => {
    expect(parseTsQuery("( 'warrenti' | 'warranti' ) & 'claim':*")).toEqual([
      [
        { lexeme: "warrenti", prefix: false },
        { lexeme: "warranti", prefix: false },
      ],
      [{ lexeme: "claim", prefix: true }],
    ]);
    expect(parseTsQuery("'zephyrin':*")).toEqual([[{ lexeme: "zephyrin", prefix: true }]]);
  });

  it("an empty query (only stop words) has no terms; anything else it does not know is null", () => {
    expect(parseTsQuery("")).toEqual([]);
    expect(parseTsQuery("!'war'")).toBeNull();
    expect(parseTsQuery("'a' <-> 'b'")).toBeNull();
    expect(parseTsQuery("'it''s'")).toBeNull();
  });

  it("writes a term back as tsquery input", () => {
    const [term] = parseTsQuery("( 'warrenti' | 'claim':* )")!;
    expect(termText(term)).toBe("'warrenti' | 'claim':*");
  });
});

describe("termFreq", () => {
  it("a prefix counts every tracked lexeme it starts; alternatives add up", () => {
    expect(termFreq(posts, [{ lexeme: "war", prefix: true }])).toBeCloseTo(0.47);
    expect(termFreq(posts, [{ lexeme: "war", prefix: false }])).toBeCloseTo(0.02);
    expect(
      termFreq(posts, [
        { lexeme: "warranti", prefix: false },
        { lexeme: "claim", prefix: false },
      ]),
    ).toBeCloseTo(0.9);
  });

  it("a lexeme ANALYZE did not track is taken as rare", () => {
    expect(termFreq(posts, [{ lexeme: "zephyrin", prefix: true }])).toBe(UNTRACKED_FREQ);
    expect(termFreq({ ...posts, minFreq: 0.0004 }, [{ lexeme: "zephyrin", prefix: false }])).toBe(0.0002);
  });
});

describe("readPlan", () => {
  it("a common word reads the newest rows, as many as the candidates need with a margin", () => {
    const plan = readPlan(posts, parseTsQuery("'war':*"), 100);
    expect(plan).toMatchObject({ how: "newest" });
    expect(plan.how === "newest" && plan.rows).toBe(Math.ceil((100 / 0.47) * 3));
  });

  it("a rare word reads the index", () => {
    expect(readPlan(posts, parseTsQuery("'zephyrin':*"), 100)).toEqual({ how: "index", term: null });
  });

  it("several words: the index is read for the rarest, so a rare word beside a common prefix costs the rare word only", () => {
    expect(readPlan(posts, parseTsQuery("'warrenti' & 'claim':*"), 100)).toEqual({
      how: "index",
      term: [{ lexeme: "warrenti", prefix: false }],
    });
    // Two words of middling frequency: the index intersects them rather than fetch every row of one.
    const titles: TableStats = {
      rows: 100_000,
      freqs: new Map([
        ["warranti", 0.08],
        ["claim", 0.08],
      ]),
      minFreq: 0.08,
    };
    expect(readPlan(titles, parseTsQuery("( 'warrenti' | 'warranti' ) & 'claim':*"), 100)).toEqual({
      how: "index",
      term: null,
    });
    // Two common words together are still common (0.45 x 0.45 of the rows).
    expect(readPlan(posts, parseTsQuery("'warranti' & 'claim':*"), 1000)).toMatchObject({ how: "newest" });
  });

  it("never reads more than MAX_NEWEST_ROWS newest rows, and reads a small table's index", () => {
    const middling: TableStats = { ...posts, freqs: new Map([["brake", 0.03]]) };
    expect(readPlan(middling, parseTsQuery("'brake'"), 1000)).toMatchObject({ how: "index" });
    const plan = readPlan(middling, parseTsQuery("'brake'"), 100);
    expect(plan.how === "newest" ? plan.rows : 0).toBeLessThanOrEqual(MAX_NEWEST_ROWS);
    expect(readPlan({ ...posts, rows: 300 }, parseTsQuery("'war':*"), 100)).toMatchObject({ how: "index" });
  });

  it("without statistics or terms, the index with the whole query", () => {
    expect(readPlan(undefined, parseTsQuery("'war':*"), 100)).toEqual({ how: "index", term: null });
    expect(readPlan(posts, null, 100)).toEqual({ how: "index", term: null });
    expect(readPlan({ ...posts, rows: -1 }, parseTsQuery("'war':*"), 100)).toEqual({ how: "index", term: null });
  });
});
