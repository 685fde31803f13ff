import { describe, expect, it } from "vitest";
import {
  PERMISSION,
  ROLE,
  ROLE_CAPABILITIES,
  ROLE_DUTIES,
  roleCan,
  roleChoiceLabel,
  rolesWith,
  type Capability,
} from "./roles";

describe("roleCan", () => {
  it.each<[Capability, number[]]>([
    ["manageContent", [ROLE.admin]],
    ["manageBackOffice", [ROLE.admin]],
    ["manageEvents", [ROLE.admin, ROLE.calendarManager]],
    ["seeEventStatus", [ROLE.admin, ROLE.calendarManager]],
    ["listUniformRequests", [ROLE.admin, ROLE.calendarManager]],
    ["manageStaffForms", [ROLE.admin, ROLE.calendarManager]],
    ["decideRequests", [ROLE.admin, ROLE.calendarManager]],
    ["decideEveryRequest", [ROLE.admin]],
    ["assignRequests", [ROLE.admin]],
    ["editEveryRequest", [ROLE.admin]],
    ["moveRequests", [ROLE.admin]],
    ["manageClosedMappings", [ROLE.admin]],
    ["editPersonalData", [ROLE.admin]],
    ["manageEveryFile", [ROLE.admin]],
    ["linkSsoByEmail", [ROLE.staff]],
  ])("%s belongs to roles %j only", (capability, allowed) => {
    for (const role of [ROLE.admin, ROLE.calendarManager, ROLE.staff]) {
      expect(roleCan(role, capability), `role ${role}`).toBe(allowed.includes(role));
    }
  });

  it("gives staff (read-only) no capability but being linked to single sign-on by e-mail", () => {
    for (const cap of Object.keys(ROLE_CAPABILITIES) as Capability[])
      expect(roleCan(ROLE.staff, cap), cap).toBe(cap === "linkSsoByEmail");
  });

  it("lists the roles of a capability (none for an unknown one)", () => {
    expect(rolesWith("decideRequests")).toEqual([ROLE.admin, ROLE.calendarManager]);
    expect(rolesWith("constructor" as Capability)).toEqual([]);
  });

  it("denies unknown roles and unknown capabilities (deny by default)", () => {
    expect(roleCan(0, "manageContent")).toBe(false);
    expect(roleCan(99, "manageEvents")).toBe(false);
    expect(roleCan(ROLE.admin, "deleteEverything" as Capability)).toBe(false);
    expect(roleCan(ROLE.admin, "constructor" as Capability)).toBe(false);
  });

  it("keeps the old portal's ids and permission names", () => {
    expect(ROLE).toEqual({ admin: 1, calendarManager: 2, staff: 3 });
    expect(Object.values(PERMISSION).sort()).toEqual([
      "access_form_email_manager",
      "access_social_media_calendar",
      "allow_environmental_data",
    ]);
  });
});

describe("roleChoiceLabel", () => {
  it("keeps the old portal's name and says what the role does", () => {
    expect(roleChoiceLabel(ROLE.calendarManager, "Calendar Manager")).toBe(
      "Calendar Manager: approves staff requests, manages the calendar",
    );
    expect(roleChoiceLabel(ROLE.admin, "Administrator")).toBe(
      "Administrator: runs the portal: menus, users, every request",
    );
  });

  it("shows a role it has no words for by its name alone", () => {
    expect(roleChoiceLabel(42, "Parts Counter")).toBe("Parts Counter");
    expect(roleChoiceLabel(Number.NaN, "Odd")).toBe("Odd");
  });

  it("says a role approves or manages the calendar exactly when the capability table lets it", () => {
    for (const role of Object.values(ROLE)) {
      const duties = ROLE_DUTIES[role] ?? "";
      expect(/approves|every request/.test(duties)).toBe(roleCan(role, "decideRequests"));
      expect(/calendar|runs the portal/.test(duties)).toBe(roleCan(role, "manageEvents"));
    }
  });
});
