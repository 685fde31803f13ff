import { connection } from "next/server";

/**
 * The layout of the bench's shaped floor (app/bench-shaped/[slug]/page.tsx): a layout segment
 * of its own between the root layout and the page, as the portal's shell has, doing no work.
 */
export default async function BenchShapedLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return <div className="min-h-dvh">{children}</div>;
}
