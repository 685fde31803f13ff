import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and applied by lib/db/migrate.ts (on start, and by `npm run db:migrate`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
