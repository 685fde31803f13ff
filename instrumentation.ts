export async function register() {
  // Only in the Node.js server at run time: not in the build, not in the edge runtime.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { bootstrapDatabase } = await import("@/lib/db/bootstrap");
  await bootstrapDatabase();
  // Hourly: uploads nobody saved within a day are deleted (lib/files/sweep.ts).
  const { startUploadSweeper } = await import("@/lib/files/sweep");
  startUploadSweeper();
}
