#!/usr/bin/env node
// One server process of `npm start` (scripts/start.mjs forks WEB_CONCURRENCY of them with node:cluster;
// they share the port): the production build served through scripts/portal-server.mjs.
import path from "node:path";
import { servePortal } from "./portal-server.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
await servePortal({ root, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOSTNAME || undefined });
