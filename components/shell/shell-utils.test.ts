import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  accountMenu,
  accountOf,
  formsMenu,
  initialsOf,
  isActivePath,
  readableTextOn,
  safeColor,
  toSidebarItems,
  truncateTitle,
} from "./shell-utils";

describe("truncateTitle", () => {
  it("keeps titles up to the limit and cuts longer ones with an ellipsis", () => {
    expect(truncateTitle("Company News", 22)).toEqual({ text: "Company News", truncated: false });
    expect(truncateTitle("x".repeat(22), 22)).toEqual({ text: "x".repeat(22), truncated: false });
    expect(truncateTitle("Documents and Forms Library", 22)).toEqual({
      text: "Documents and Forms Li…",
      truncated: true,
    });
    expect(truncateTitle("Service Bulletins and Technical Updates", 30)).toEqual({
      text: "Service Bulletins and Technica…",
      truncated: true,
    });
  });

  it("does not leave a space before the ellipsis and counts characters, not UTF-16 units", () => {
    expect(truncateTitle("Service Department Resources", 19).text).toBe("Service Department…");
    expect(truncateTitle("🚗".repeat(5), 4)).toEqual({ text: "🚗🚗🚗🚗…", truncated: true });
  });
});

describe("initialsOf", () => {
  it("uses first and last name, else the username", () => {
    expect(initialsOf({ firstName: "alex", lastName: "Admin" })).toBe("AA");
    expect(initialsOf({ firstName: "", lastName: "", username: "staff" })).toBe("ST");
    expect(initialsOf({})).toBe("?");
  });

  it("of a display name: its first and last words", () => {
    expect(initialsOf("Alex Admin")).toBe("AA");
    expect(initialsOf("mary ann  smith")).toBe("MS");
    expect(initialsOf("staff")).toBe("S");
    expect(initialsOf("  ")).toBe("?");
  });
});

describe("colours", () => {
  it("accepts only hex colours", () => {
    expect(safeColor("#b91c1c")).toBe("#b91c1c");
    expect(safeColor("#abc")).toBe("#abc");
    expect(safeColor("red;background:url(x)")).toBe("#1d4ed8");
    expect(safeColor(null)).toBe("#1d4ed8");
  });

  it("picks readable text", () => {
    expect(readableTextOn("#b91c1c")).toBe("#ffffff");
    expect(readableTextOn("#1d4ed8")).toBe("#ffffff");
    expect(readableTextOn("#fde047")).toBe("#0f172a");
    expect(readableTextOn("#fff")).toBe("#0f172a");
  });
});

describe("isActivePath", () => {
  it("matches the page and pages below it, not siblings with a common prefix", () => {
    expect(isActivePath("/company-news", "/company-news")).toBe(true);
    expect(isActivePath("/company-news/post/3", "/company-news")).toBe(true);
    expect(isActivePath("/company-news-archive", "/company-news")).toBe(false);
    expect(isActivePath(null, "/x")).toBe(false);
  });
});

describe("formsMenu", () => {
  it("sends roles 1 and 2 to the uniform request list and others to the form", () => {
    expect(formsMenu({ roleId: 1, permissions: [] }).find((l) => l.label === "Uniform Request")?.href).toBe(
      "/uniform/request/list",
    );
    expect(formsMenu({ roleId: 2, permissions: [] }).find((l) => l.label === "Uniform Request")?.href).toBe(
      "/uniform/request/list",
    );
    expect(formsMenu({ roleId: 3, permissions: [] }).find((l) => l.label === "Uniform Request")?.href).toBe(
      "/uniform/request/add",
    );
  });

  it("leads with 'Waiting for me' (the approvals inbox) for those who decide requests only", () => {
    for (const roleId of [1, 2])
      expect(formsMenu({ roleId, permissions: [] })[0]).toMatchObject({ label: "Waiting for me", href: "/approvals" });
    expect(formsMenu({ roleId: 3, permissions: [] }).map((l) => l.href)).not.toContain("/approvals");
  });

  it("shows Form Email Manager only with access_form_email_manager", () => {
    expect(formsMenu({ roleId: 1, permissions: [] }).map((l) => l.label)).toEqual([
      "Waiting for me",
      "RO Reversal Request",
      "Tech Time",
      "Continuous Improvement Suggestions List",
      "Uniform Request",
      "Time-off Request",
    ]);
    expect(formsMenu({ roleId: 3, permissions: ["access_form_email_manager"] }).at(-1)).toMatchObject({
      label: "Form Email Manager",
      href: "/form/email/manager/list",
    });
  });
});

describe("formsMenu pages", () => {
  it("links RO reversal and tech time to their lists, which exist as pages", () => {
    const links = formsMenu({ roleId: 3, permissions: ["access_form_email_manager"] });
    for (const href of ["/roreversal/list", "/techtime/list", "/form/email/manager/list"]) {
      expect(links.map((l) => l.href)).toContain(href);
      expect(fs.existsSync(path.join(process.cwd(), "app/(portal)", href, "page.tsx")), href).toBe(true);
    }
  });
});

describe("accountMenu", () => {
  it("gives everyone their profile, the administration links to role 1 only, and role 2 their compliance board", () => {
    expect(accountMenu({ roleId: 1 }).map((l) => [l.label, l.href])).toEqual([
      ["Edit Profile", "/changeprofile"],
      ["Edit Menu", "/menu/add-edit-menu"],
      ["User", "/user/list"],
      ["Calendar Keys", "/key/list"],
      ["Attachment Group", "/attachment-group/list"],
      ["Mail Outbox", "/mail/outbox"],
      ["Compliance", "/compliance"],
      ["Request Deadlines", "/requests/deadlines"],
    ]);
    expect(accountMenu({ roleId: 2 }).map((l) => [l.label, l.href])).toEqual([
      ["Edit Profile", "/changeprofile"],
      ["Compliance", "/compliance"],
    ]);
    expect(accountMenu({ roleId: 3 }).map((l) => [l.label, l.href])).toEqual([["Edit Profile", "/changeprofile"]]);
  });
});

describe("accountOf", () => {
  const base = {
    roleId: 3,
    roleName: "Staff",
    username: "staff",
    firstName: "sam",
    lastName: "Staff",
    email: "staff@example.com",
    profileColor: "#fde047",
  };
  it("gives the header what it shows: initials, readable colours, upper-case name, e-mail, role", () => {
    expect(accountOf(base)).toEqual({
      initials: "SS",
      color: "#fde047",
      name: "SAM STAFF",
      email: "staff@example.com",
      roleName: "Staff",
      photo: null,
      links: [{ href: "/changeprofile", label: "Edit Profile", icon: "user" }],
    });
    expect(accountOf(base, "/api/files/x.png?e=1&s=2").photo).toBe("/api/files/x.png?e=1&s=2");
  });
  it("replaces an unsafe profile colour and falls back to the username, and gives role 1 its links", () => {
    const account = accountOf({
      ...base,
      roleId: 1,
      firstName: "",
      lastName: "",
      profileColor: "red;background:url(x)",
    });
    expect(account).toMatchObject({ initials: "ST", color: "#1d4ed8", name: "STAFF" });
    expect(account.links.map((l) => l.label)).toEqual([
      "Edit Profile",
      "Edit Menu",
      "User",
      "Calendar Keys",
      "Attachment Group",
      "Mail Outbox",
      "Compliance",
      "Request Deadlines",
    ]);
  });
});

describe("truncateTitle with and without characters outside the basic plane", () => {
  it("cuts the same way whether or not a title has surrogate pairs", () => {
    expect(truncateTitle("  Parts and Accessories Catalogue  ", 22)).toEqual({
      text: "Parts and Accessories…",
      truncated: true,
    });
    expect(truncateTitle(" Short ", 22)).toEqual({ text: "Short", truncated: false });
    expect(truncateTitle("Parts 🚗 and Accessories Catalogue", 8)).toEqual({ text: "Parts 🚗…", truncated: true });
    expect(truncateTitle("Ünïcödé Títle Wïth Áccents Everywhere", 13)).toEqual({
      text: "Ünïcödé Títle…",
      truncated: true,
    });
  });
});

describe("toSidebarItems", () => {
  it("keeps what a row shows, leaves out an empty address and sub-menu list, and draws unknown icons as the fallback", () => {
    const tree = [
      { id: 1, slug: "news", title: "News", icon: "megaphone", url: null, children: [] },
      {
        id: 2,
        slug: "sales",
        title: "Sales",
        icon: "fa fa-car",
        url: "",
        children: [{ id: 3, slug: "crm", title: "CRM", icon: "link", url: "https://crm.example.com", children: [] }],
      },
    ];
    expect(toSidebarItems(tree)).toEqual([
      { id: 1, slug: "news", title: "News", icon: "megaphone" },
      {
        id: 2,
        slug: "sales",
        title: "Sales",
        icon: "file",
        children: [{ id: 3, slug: "crm", title: "CRM", icon: "link", url: "https://crm.example.com" }],
      },
    ]);
  });
});
