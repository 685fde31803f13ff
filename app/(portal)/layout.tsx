import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listMenuTree } from "@/lib/menus/queries";
import Link from "next/link";

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const user = await pageGuard(requireUser());
  const menus = await listMenuTree({ roleId: user.roleId, stamp: user.configStamp });
  return (
    <div className="flex min-h-screen">
      <nav aria-label="Main" className="w-64 bg-white p-4">
        <ul>
          {menus.map((m) => (
            <li key={m.id}>
              <Link href={m.url ?? `/${m.slug}`}>{m.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="flex-1 p-6">{children}</main>
    </div>
  );
}
