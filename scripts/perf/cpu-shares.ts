/**
 * Where the machine's CPU went over a window, by process group (Linux, from /proc): the web
 * process, its worker, PostgreSQL's processes and the rest. The load generator (wrk) is not in
 * it: it ends with the window, and a process that ended is no longer in /proc. On a machine of
 * two cores a reader's page is slow either because the web process's own loop was busy or because
 * something else took the cores; this tells the two apart.
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcessTicks {
  comm: string;
  ppid: number;
  ticks: number;
}

export interface CpuSnapshot {
  at: number;
  processes: Map<number, ProcessTicks>;
}

/** Every process's user + system CPU so far, in clock ticks. */
export function cpuSnapshot(): CpuSnapshot {
  const processes = new Map<number, ProcessTicks>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces; the fields after it are plain.
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // After the name: state(0) ppid(1) … utime(11) stime(12).
      processes.set(Number(name), { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // It ended while we read.
    }
  }
  return { at: performance.now(), processes };
}

/**
 * Each group's share of one core over the window (1.0 = one core busy all the time), for the site
 * whose web process is `webPid` (its children are its worker).
 */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, webPid: number): Record<string, number> {
  const seconds = (after.at - before.at) / 1000;
  const shares: Record<string, number> = { web: 0, worker: 0, postgres: 0, other: 0 };
  for (const [pid, now] of after.processes) {
    const used = now.ticks - (before.processes.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const group = pid === webPid ? "web" : now.ppid === webPid ? "worker" : now.comm === "postgres" ? "postgres" : "other";
    shares[group]! += used / 100 / seconds;
  }
  return shares;
}

export const formatShares = (shares: Record<string, number>) =>
  Object.entries(shares)
    .map(([group, share]) => `${group} ${share.toFixed(2)}`)
    .join(", ");
