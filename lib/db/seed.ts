import { eq, sql } from "drizzle-orm";
import bcrypt from "bcryptjs";
import { schema, type Db } from "./index";
import { seedCalendarDemo } from "@/lib/calendar/seed";
import { MENU_ICON_KEYS } from "@/lib/menus/icon-keys";

export const SEED_USERS = [
  { username: "admin", firstName: "Alex", lastName: "Admin", email: "admin@example.com", roleId: 1, color: "#b91c1c" },
  {
    username: "manager",
    firstName: "Morgan",
    lastName: "Manager",
    email: "manager@example.com",
    roleId: 2,
    color: "#047857",
  },
  { username: "staff", firstName: "Sam", lastName: "Staff", email: "staff@example.com", roleId: 3, color: "#1d4ed8" },
] as const;

type SeedMenu = {
  slug: string;
  title: string;
  icon: (typeof MENU_ICON_KEYS)[number];
  pageTypes?: number[];
  allowInAttachment?: number | null;
  url?: string;
  isBuiltin?: boolean;
  children?: SeedMenu[];
};

export const SEED_MENUS: SeedMenu[] = [
  { slug: "company-news", title: "Company News", icon: "megaphone", pageTypes: [1] },
  { slug: "documents", title: "Documents and Forms Library", icon: "folder", pageTypes: [2], allowInAttachment: 3 },
  {
    slug: "service-department",
    title: "Service Department Resources and Training",
    icon: "wrench",
    pageTypes: [1, 2],
    allowInAttachment: 2,
    children: [
      { slug: "service-bulletins", title: "Service Bulletins and Technical Updates", icon: "book", pageTypes: [1] },
      { slug: "warranty-policies", title: "Warranty Policies", icon: "shield", pageTypes: [2], allowInAttachment: 1 },
    ],
  },
  { slug: "calendar", title: "Calendar", icon: "calendar", pageTypes: [3], isBuiltin: true },
  { slug: "cic-monthly-meetings", title: "CIC Monthly Meetings", icon: "users", pageTypes: [3], isBuiltin: true },
  { slug: "dealer-site", title: "Dealer Website", icon: "link", url: "https://www.example.com/" },
];

/**
 * Demo data: roles, one user per role, permissions, department 5 with its locations, states, icons,
 * features and menus of every page type. Idempotent: running it again changes nothing that exists.
 */
export async function seedDatabase(db: Db, opts: { password: string }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(schema.roles)
      .values([
        { id: 1, name: "Administrator" },
        { id: 2, name: "Calendar Manager" },
        { id: 3, name: "Staff" },
      ])
      .onConflictDoNothing();
    await tx
      .insert(schema.features)
      .values([
        { id: 1, name: "Discussion" },
        { id: 2, name: "Attachment" },
        { id: 3, name: "Calendar" },
      ])
      .onConflictDoNothing();
    await tx
      .insert(schema.permissions)
      .values([
        { name: "access_form_email_manager", label: "Access Form Email Manager" },
        { name: "access_social_media_calendar", label: "Access Social Media Calendar" },
        { name: "allow_environmental_data", label: "Allow Environmental Data" },
      ])
      .onConflictDoNothing();
    await tx
      .insert(schema.states)
      .values([
        { code: "CA", name: "California" },
        { code: "NV", name: "Nevada" },
        { code: "AZ", name: "Arizona" },
        { code: "OR", name: "Oregon" },
      ])
      .onConflictDoNothing();
    await tx.insert(schema.departments).values({ id: 5, name: "Dealerships" }).onConflictDoNothing();
    const [{ n: locationCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(schema.locations);
    if (locationCount === 0) {
      await tx.insert(schema.locations).values(
        ["Downtown Motors", "Northside Service Center", "Valley Trucks", "Coastal Auto Group"].map((name, i) => ({
          name,
          departmentId: 5,
          managerEmail: `manager${i + 1}@example.com`,
          managerName: `Location Manager ${i + 1}`,
        })),
      );
    }
    await tx
      .insert(schema.icons)
      .values(MENU_ICON_KEYS.map((url) => ({ url })))
      .onConflictDoNothing();
    await tx
      .insert(schema.settings)
      .values({ key: "system_year", value: String(new Date().getFullYear()) })
      .onConflictDoNothing();

    const hash = await bcrypt.hash(opts.password, 10);
    for (const u of SEED_USERS) {
      await tx
        .insert(schema.users)
        .values({
          username: u.username,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          roleId: u.roleId,
          profileColor: u.color,
          passwordHash: hash,
          departmentId: 5,
        })
        .onConflictDoNothing();
    }
    const [admin] = await tx.select().from(schema.users).where(eq(schema.users.username, "admin"));
    const perms = await tx.select().from(schema.permissions);
    await tx
      .insert(schema.userPermissions)
      .values(perms.map((p) => ({ userId: admin.id, permissionId: p.id })))
      .onConflictDoNothing();

    const icons = new Map((await tx.select().from(schema.icons)).map((i) => [i.url, i.id]));
    const insertMenu = async (m: SeedMenu, position: number, parentId: number | null) => {
      const [row] = await tx
        .insert(schema.menus)
        .values({
          slug: m.slug,
          title: m.title,
          iconId: icons.get(m.icon) ?? null,
          url: m.url ?? null,
          pageTypes: m.pageTypes ?? [],
          allowInAttachment: m.allowInAttachment ?? null,
          isBuiltin: m.isBuiltin ?? false,
          position,
          parentId,
        })
        .onConflictDoNothing()
        .returning({ id: schema.menus.id });
      const id =
        row?.id ??
        (await tx.select({ id: schema.menus.id }).from(schema.menus).where(eq(schema.menus.slug, m.slug)))[0].id;
      for (const [i, child] of (m.children ?? []).entries()) await insertMenu(child, i, id);
    };
    for (const [i, m] of SEED_MENUS.entries()) await insertMenu(m, i, null);
    await seedCalendarDemo(tx, { createdBy: admin.id });
  });
}
