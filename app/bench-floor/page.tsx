import { connection } from "next/server";
import { notFound } from "next/navigation";
import { publicPage } from "@/lib/auth/public-page";

export const metadata = { title: "Bench floor" };

/**
 * The bench's floor for a dynamic page (bench/shell.ts): rendered per request, no database work, no
 * session. Exists only when the server runs with BENCH_ROUTES=1; otherwise a 404 like any unknown path.
 */
export default publicPage(async function BenchFloorPage() {
  await connection();
  if (process.env.BENCH_ROUTES !== "1") notFound();
  return (
    <main className="p-6">
      <h1 className="text-2xl font-semibold">Bench floor</h1>
      <p>Rendered at {new Date().toISOString()}</p>
    </main>
  );
});
