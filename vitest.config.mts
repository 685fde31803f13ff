import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
    },
  },
  test: {
    exclude: ["node_modules", ".next", "e2e", ".data"],
    environment: "node",
    env: { NODE_ENV: "test", DATA_DIR: ".test-data", AUTH_SECRET: "test-secret-test-secret-test-secret-0000" },
    // next-auth imports "next/server" without an extension, which Node's ESM loader cannot resolve;
    // let vite bundle it (server actions import lib/auth/auth.ts).
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two tiers. `unit`: the tests beside the code, which need no database (no PostgreSQL is started:
    // `npx vitest run --project unit` takes seconds). `integration`: test/, each file on its own clone of a
    // migrated, seeded template database that test/global-setup.ts builds once per run.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["test/**", "node_modules/**", ".next/**", "e2e/**", ".data/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
          globalSetup: ["test/global-setup.ts"],
          // A file per core (vitest's default keeps one core free): much of a database test's time is
          // PostgreSQL's, so the files' own processes leave room for it.
          maxWorkers: os.availableParallelism(),
          // Run after `unit` when one command names files of both (projects with their own maxWorkers each need an order).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
