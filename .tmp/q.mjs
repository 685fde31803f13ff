import postgres from "postgres";
import fs from "node:fs";
const c = JSON.parse(fs.readFileSync("/tmp/i32-d1/data/postgres.json"));
