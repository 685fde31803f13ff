// Preloaded into the bench's server processes with BENCH_MEMORY_TRACE=1 (bench/lib/list-bench.ts):
// process.memoryUsage() every 50 ms, one JSON line each, to BENCH_MEMORY_TRACE_DIR/memory-<pid>.jsonl.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const file = path.join(process.env.BENCH_MEMORY_TRACE_DIR || os.tmpdir(), `memory-${process.pid}.jsonl`);
const fd = fs.openSync(file, "a");
const timer = setInterval(() => {
  const m = process.memoryUsage();
  fs.writeSync(
    fd,
    `${JSON.stringify({ t: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers })}\n`,
  );
}, 50);
timer.unref();
