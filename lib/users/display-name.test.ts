import { describe, expect, it } from "vitest";
import { personNameOf, personNameOrUsernameOf } from "./display-name";

describe("personNameOf", () => {
  it("joins first and last name and drops the spaces at either end, as the SQL does", () => {
    expect(personNameOf({ firstName: "Ann", lastName: "Lee" })).toBe("Ann Lee");
    expect(personNameOf({ firstName: "Ann", lastName: "" })).toBe("Ann");
    expect(personNameOf({ firstName: "", lastName: "Lee" })).toBe("Lee");
    expect(personNameOf({ firstName: null, lastName: undefined })).toBe("");
    // Only spaces, as PostgreSQL's trim(): a leading tab is the name's own (an export neutralises it).
    expect(personNameOf({ firstName: "\tTab", lastName: "y" })).toBe("\tTab y");
  });

  it("falls back to the username when the name is empty", () => {
    expect(personNameOrUsernameOf({ firstName: "", lastName: "", username: "alee" })).toBe("alee");
    expect(personNameOrUsernameOf({ firstName: "Ann", lastName: "", username: "alee" })).toBe("Ann");
  });
});
