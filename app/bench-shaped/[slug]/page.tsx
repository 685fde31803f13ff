import { connection } from "next/server";
import { notFound } from "next/navigation";
import { publicPage } from "@/lib/auth/public-page";
import { MarkupBlock } from "@/components/bench/markup-block";

export const metadata = { title: "Bench floor" };

/**
 * The bench's shaped floor (bench/shell.ts): the floor page in the shape of a portal page, with none
 * of the portal's work. Like /{slug} (the (portal) layout, then [slug]), it sits below a layout of its
 * own and a dynamic [slug] segment, and it renders `?bytes=` of markup from a client component, as
 * the shell's sidebar is; no session, no database. Exists only when the server runs with
 * BENCH_ROUTES=1; otherwise a 404.
 */
export default publicPage(async function BenchShapedPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ bytes?: string }> }) {
  await connection();
  if (process.env.BENCH_ROUTES !== "1") notFound();
  const { slug } = await params;
  const bytes = Number((await searchParams).bytes ?? 0);
  return (
    <main className="p-6">
      <h1 className="text-2xl font-semibold">Bench floor: {slug}</h1>
      <MarkupBlock bytes={bytes} />
      <p>Rendered at {new Date().toISOString()}</p>
    </main>
  );
});
