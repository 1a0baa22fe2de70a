import { spawn } from "node:child_process";
import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { workerGoneHere } from "./job-queue.server";

// Whether a run's worker on this machine is gone decides at once that the run was interrupted,
// without waiting for its lease: a worker killed with SIGKILL must read as gone even when nothing
// has collected its process yet (a zombie), and a live one never.

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0))
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
});

/** A shell that starts `sleep` in the background and says its pid. */
async function parentWithChild(): Promise<{ parent: number; child: number; parentExited: Promise<unknown> }> {
  const shell = spawn("bash", ["-c", "sleep 300 & echo $!; sleep 300"], { stdio: ["ignore", "pipe", "ignore"] });
  const child = await new Promise<number>((resolve) =>
    shell.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  started.push(shell.pid!, child);
  return { parent: shell.pid!, child, parentExited: new Promise((resolve) => shell.once("exit", resolve)) };
}

describe("a run's worker on this machine", () => {
  it("is there while its process runs, and on another machine the lease decides", async () => {
    const { child } = await parentWithChild();
    expect(workerGoneHere(`${hostname()}:${child}:boot`)).toBe(false);
    expect(workerGoneHere(`elsewhere.example:${child}:boot`)).toBeNull();
    expect(workerGoneHere(null)).toBe(true);
  });

  it("is gone once killed with SIGKILL, its parent killed too, whether or not its process was collected", async () => {
    const { parent, child, parentExited } = await parentWithChild();
    process.kill(child, "SIGKILL");
    process.kill(parent, "SIGKILL");
    await parentExited;
    await expect.poll(() => workerGoneHere(`${hostname()}:${child}:boot`), { timeout: 5_000 }).toBe(true);
  });
});
