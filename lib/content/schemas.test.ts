import { describe, expect, it } from "vitest";
import { AUDIENCE_MESSAGES, discussionFormSchema } from "./schemas";

const hour = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const post = (over: Record<string, unknown>) => ({
  slug: "company-news",
  title: "Bay 3 closed",
  description: "",
  documents: [],
  mustRead: true,
  ...over,
});

describe("a must-read's due time and its publish time (the form's own check)", () => {
  it("refuses a due time at or before 'Publish at' under the due date", () => {
    for (const dueAt of [iso(hour), iso(2 * hour)]) {
      const parsed = discussionFormSchema.safeParse(post({ publishAt: iso(2 * hour), dueAt }));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["dueAt", AUDIENCE_MESSAGES.dueBeforePublish],
      ]);
    }
  });

  it("takes a due time after 'Publish at', and one without a publish time", () => {
    expect(discussionFormSchema.safeParse(post({ publishAt: iso(2 * hour), dueAt: iso(3 * hour) })).success).toBe(true);
    expect(discussionFormSchema.safeParse(post({ publishAt: null, dueAt: iso(hour) })).success).toBe(true);
  });
});
