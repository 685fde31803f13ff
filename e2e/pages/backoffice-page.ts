import { type Locator, type Page } from "@playwright/test";

/** The calendar key and attachment group screens (one list and one form, two base paths). */
export class ColorOptionPages {
  readonly nameField: Locator;
  readonly colourField: Locator;

  constructor(
    readonly page: Page,
    readonly base: "/key" | "/attachment-group",
    nameLabel: string,
  ) {
    this.nameField = page.getByRole("textbox", { name: nameLabel });
    this.colourField = page.getByLabel("Colour");
  }

  gotoList = () => this.page.goto(`${this.base}/list`);
  gotoAdd = () => this.page.goto(`${this.base}/add`);
  button = (name: string) => this.page.getByRole("button", { name, exact: true });
  row = (name: string) => this.page.getByRole("row").filter({ has: this.page.getByText(name, { exact: true }) });
  statusSwitch = (name: string) => this.page.getByRole("switch", { name: `${name} active` });
  filter = () => this.page.getByLabel(/^Filter by/).first();
}

/** Edit Menu (/menu/add-edit-menu): the main list, the sub-menu panel and the inline forms. */
export class MenuEditorPage {
  readonly mainList: Locator;
  readonly addMain: Locator;
  readonly form: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.mainList = page.getByRole("list", { name: "Main menus" });
    this.addMain = page.getByRole("button", { name: "Add New Page" });
    this.form = page.getByRole("form");
    this.dialog = page.getByRole("dialog");
  }

  goto = () => this.page.goto("/menu/add-edit-menu");
  /** A main menu by its whole title (the screen shows 16 characters; the rest is read to screen readers). */
  item = (title: string) => this.mainList.getByRole("listitem").filter({ hasText: title });
  handle = (title: string) => this.page.getByRole("button", { name: `Move ${title}`, exact: true });
  editButton = (title: string) => this.page.getByRole("button", { name: `Edit ${title}`, exact: true });
  deleteButton = (title: string) => this.page.getByRole("button", { name: `Delete ${title}`, exact: true });
  /** The main menu at a position (0 first). */
  at = (index: number) => this.mainList.getByRole("listitem").nth(index);
  count = () => this.mainList.getByRole("listitem").count();
}
