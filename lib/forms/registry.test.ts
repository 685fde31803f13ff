import { describe, expect, it } from "vitest";
import { STAFF_FORMS } from "./registry";

/** The facts staffForm gives an entry that does not state them. */
const USUAL = {
  editPage: true,
  workflow: "approval",
  listCapability: null,
  back: "all",
};

describe("STAFF_FORMS", () => {
  it("gives an entry the usual facts it does not state: the title is its label, the search and menu names its title", () => {
    expect(STAFF_FORMS.time_off_request).toEqual({
      label: "Time-off Request",
      title: "Time-off Request",
      searchName: "Time-off Request",
      path: "/timeoff",
      apiForm: "time_off",
      menu: { label: "Time-off Request", icon: "calendar" },
      ...USUAL,
    });
    expect(STAFF_FORMS.tech_time).toMatchObject({ title: "Tech Time", searchName: "Tech Time", ...USUAL });
  });

  it("keeps what an entry states instead", () => {
    expect(STAFF_FORMS.ro_reversal).toMatchObject({
      title: "RO Reversal Request",
      searchName: "RO Reversal",
      ...USUAL,
    });
    expect(STAFF_FORMS.improvement_suggestion).toMatchObject({
      title: "Continuous Improvement Suggestion",
      searchName: "Continuous Improvement Suggestion",
      workflow: "suggestion",
      menu: { label: "Continuous Improvement Suggestions List", icon: "lightbulb" },
      back: "all",
    });
    expect(STAFF_FORMS.uniform_request).toMatchObject({
      title: "Uniform Request",
      editPage: true,
      listCapability: "listUniformRequests",
      back: "managers",
    });
  });
});
