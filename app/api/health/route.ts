import { sql } from "drizzle-orm";
import { connection } from "next/server";
import { getDb } from "@/lib/db";
import { getBuildVersion } from "@/lib/system/settings";
import { publicRoute } from "@/lib/api/public-route";

/** For load balancers and the build check: whether the database answers, and the build version. */
export const GET = publicRoute(async () => {
  await connection();
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json(
      { status: "ok", database: "up", build: getBuildVersion() },
      { headers: { "cache-control": "no-store" } },
    );
  } catch {
    return Response.json({ status: "error", database: "down", build: getBuildVersion() }, { status: 503 });
  }
});
