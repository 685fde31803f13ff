import { connection } from "next/server";
import { publicRoute } from "@/lib/api/public-route";

/**
 * The bench's floor for a route handler (bench/shell.ts): constant JSON, no session, no database.
 * Exists only when the server runs with BENCH_ROUTES=1; otherwise 404.
 */
export const GET = publicRoute(async () => {
  await connection();
  if (process.env.BENCH_ROUTES !== "1") return Response.json({ message: "Not Found" }, { status: 404 });
  return Response.json({ code: 200, status: "success", message: "", content: { floor: true } }, { headers: { "cache-control": "no-store" } });
});
