import { describe, expect, it } from "vitest";
import { STAFF_FORMS } from "./registry";

// Each entry states only its own facts; these are every form's facts as the portal reads them, the
// defaults (title, search name, sidebar label, edit page, workflow, list, buttons) filled in.
describe("STAFF_FORMS", () => {
  it("fills in what an entry does not state, and keeps what it does", () => {
    expect(STAFF_FORMS).toEqual({
      ro_reversal: {
        label: "RO Reversal Request",
        title: "RO Reversal Request",
        searchName: "RO Reversal",
        path: "/roreversal",
        editPage: true,
        apiForm: "ro_reversal",
        workflow: "approval",
        menu: { label: "RO Reversal Request", icon: "refresh" },
        listCapability: null,
        buttons: { back: "all", saveToList: "managers" },
      },
      tech_time: {
        label: "Tech Time",
        title: "Tech Time",
        searchName: "Tech Time",
        path: "/techtime",
        editPage: true,
        apiForm: "tech_time",
        workflow: "approval",
        menu: { label: "Tech Time", icon: "wrench" },
        listCapability: null,
        buttons: { back: "all", saveToList: "managers" },
      },
      improvement_suggestion: {
        label: "Continuous Improvement Suggestions",
        title: "Continuous Improvement Suggestion",
        searchName: "Continuous Improvement Suggestion",
        path: "/continuous/improvement/suggestions",
        editPage: true,
        apiForm: "suggestion",
        workflow: "suggestion",
        menu: { label: "Continuous Improvement Suggestions List", icon: "lightbulb" },
        listCapability: null,
        buttons: { back: "all", saveToList: "always" },
      },
      uniform_request: {
        label: "Uniform Request",
        title: "Uniform Request",
        searchName: "Uniform Request",
        path: "/uniform/request",
        editPage: false,
        apiForm: "uniform",
        workflow: "approval",
        menu: { label: "Uniform Request", icon: "shirt" },
        listCapability: "listUniformRequests",
        buttons: { back: "managers", saveToList: "managers" },
      },
      time_off_request: {
        label: "Time-off Request",
        title: "Time-off Request",
        searchName: "Time-off Request",
        path: "/timeoff",
        editPage: true,
        apiForm: "time_off",
        workflow: "approval",
        menu: { label: "Time-off Request", icon: "calendar" },
        listCapability: null,
        buttons: { back: "all", saveToList: "managers" },
      },
    });
  });
});
