import { describe, expect, it } from "vitest";
import { line, oneLineMessage, text } from "./text";
import { eventFormSchema } from "@/lib/calendar/schemas";
import { documentRefSchema, titleSchema } from "@/lib/content/schemas";
import { addEditMenuBody } from "@/lib/menus/schemas";
import { colorOptionFormSchema } from "@/lib/backoffice/schemas";
import { personalDataSchema, profileSchema } from "@/lib/users/schemas";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("line(): one-line fields", () => {
  it("refuses CR, LF and Unicode's line separators inside, with the field's message", () => {
    for (const v of ["a\nb", "a\r\nb", "a\rb", "a\u2028b", "a\u2029b"]) {
      expect(line("Name").safeParse(v).error?.issues[0]?.message, JSON.stringify(v)).toBe(oneLineMessage("Name"));
    }
  });
  it("keeps a plain line, leaves breaks at the ends to trim(), and still drops control characters", () => {
    expect(line("Name").trim().parse("  Jane Doe\n")).toBe("Jane Doe");
    expect(line("Name").parse("a\u0000b\tc")).toBe("ab\tc");
    // A text (textarea) keeps its line breaks.
    expect(text().parse("a\nb")).toBe("a\nb");
  });
  it("the one-line fields of the calendar, content and profile forms refuse a line break", () => {
    expect(titleSchema.safeParse("News\nBcc: x").success).toBe(false);
    expect(documentRefSchema.safeParse({ path: "a/b.pdf", name: "b\n.pdf", size: 1 }).error?.issues[0]?.message).toBe(
      oneLineMessage("The file name"),
    );
    const event = eventFormSchema.safeParse({
      title: "Sale\nDay",
      calendarKeyId: 1,
      startsAt: "2026-01-01T10:00",
      contactPerson: "Al\nBo",
    });
    expect(messages(event)).toMatchObject({
      title: oneLineMessage("Title"),
      contactPerson: oneLineMessage("Contact Person"),
    });
    expect(
      messages(personalDataSchema.safeParse({ firstName: "A\nB", lastName: "C", email: "a@example.com" })),
    ).toMatchObject({ firstName: oneLineMessage("First Name") });
    expect(profileSchema.safeParse({ post: "x\ny" }).success).toBe(false);
    expect(profileSchema.safeParse({ bio: "x\ny" }).success).toBe(true);
    expect(messages(addEditMenuBody.safeParse({ menu_title: "Parts\nService", features: [1] }))).toMatchObject({
      menu_title: oneLineMessage("Menu Name"),
    });
    expect(
      messages(colorOptionFormSchema("key").safeParse({ name: "Sales\r\nEvent", color: "#112233" })),
    ).toMatchObject({ name: oneLineMessage("Key Name") });
  });
});
