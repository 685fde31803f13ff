import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules", ".next", "e2e", ".data"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    env: { NODE_ENV: "test", DATA_DIR: ".test-data", AUTH_SECRET: "test-secret-test-secret-test-secret-0000" },
    // next-auth imports "next/server" without an extension, which Node's ESM loader cannot resolve;
    // let vite bundle it (server actions import lib/auth/auth.ts).
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
