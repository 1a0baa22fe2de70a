// Loaded into the server by `npm run bench:memory` (node --import), never by `npm start`: once a
// second it writes the process's own view of its memory (process.memoryUsage()) to the file
// named by MEMORY_PROBE_FILE, so the benchmark can split RSS into the V8 heap, Buffers and the
// rest. Plain JavaScript because node loads it before anything could compile it.
import { renameSync, writeFileSync } from "node:fs";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const timer = setInterval(() => {
    // Written whole and renamed, so a reader never sees half a line.
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({
        ...process.memoryUsage(),
        spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size])),
      }),
    );
    renameSync(`${file}.tmp`, file);
  }, 1000);
  timer.unref();
}
