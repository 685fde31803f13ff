import { describe, expect, it } from "vitest";
import { toApiMenu } from "./serialize";
import { canSeeMenu, type MenuNode } from "./queries";

const node = (over: Partial<MenuNode>): MenuNode => ({
  id: 1,
  parentId: null,
  slug: "service",
  title: "Service",
  icon: "wrench",
  url: null,
  pageTypes: [1, 2],
  allowInAttachment: 2,
  position: 0,
  allowedRoleIds: [],
  children: [],
  ...over,
});

describe("toApiMenu", () => {
  it("gives the old portal's shape, sub-menus nested with their parent's slug", () => {
    const child = node({
      id: 2,
      parentId: 1,
      slug: "bulletins",
      title: "Bulletins",
      pageTypes: [3],
      allowInAttachment: null,
      position: 1,
    });
    expect(toApiMenu(node({ children: [child] }))).toEqual({
      id: 1,
      slug: "service",
      parent_id: null,
      parent_slug: null,
      menu_title: "Service",
      icon_url: "wrench",
      url: null,
      page_type: "1,2",
      features: [
        { id: 1, name: "Discussion" },
        { id: 2, name: "Attachment" },
      ],
      allow_in_attachment: 2,
      position: 0,
      sub_menu: [
        {
          id: 2,
          slug: "bulletins",
          parent_id: 1,
          parent_slug: "service",
          menu_title: "Bulletins",
          icon_url: "wrench",
          url: null,
          page_type: "3",
          features: [{ id: 3, name: "Calendar" }],
          allow_in_attachment: null,
          position: 1,
          sub_menu: [],
        },
      ],
    });
  });

  it("an external link has no page types", () => {
    expect(toApiMenu(node({ url: "https://example.com/", pageTypes: [] }))).toMatchObject({
      url: "https://example.com/",
      page_type: "",
      features: [],
    });
  });
});

describe("canSeeMenu", () => {
  it("an empty role list means everyone; otherwise only the listed roles", () => {
    expect(canSeeMenu({ allowedRoleIds: [] }, 3)).toBe(true);
    expect(canSeeMenu({ allowedRoleIds: [1, 2] }, 2)).toBe(true);
    expect(canSeeMenu({ allowedRoleIds: [1, 2] }, 3)).toBe(false);
  });
});
