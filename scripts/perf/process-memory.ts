/**
 * Where a Linux process's resident memory lives, from /proc/<pid>/smaps: what the C allocator
 * holds (glibc's main heap and its per-thread arenas), other anonymous memory (V8's heap pages,
 * blocks glibc mapped on their own, thread stacks) and file-backed pages (the node binary and
 * shared libraries). `npm run bench:memory` prints it next to process.memoryUsage(), which only
 * knows what V8 and Buffers account for.
 */
import { readFileSync } from "node:fs";

export interface ResidentSplit {
  /** glibc's main arena: the brk heap ("[heap]"). */
  mainArenaMb: number;
  /** glibc's other arenas: 64 MiB-aligned anonymous reservations, one per arena. */
  threadArenasMb: number;
  /** How many such arenas exist. */
  threadArenas: number;
  /** Every other anonymous mapping: V8's heap, mmapped malloc blocks, stacks. */
  otherAnonymousMb: number;
  /** Pages of files: the node binary, libvips and other shared libraries. */
  fileMb: number;
}

/** glibc reserves each non-main arena as one region of this size at an address aligned to it (64-bit). */
const ARENA_RESERVATION = 64 * 1024 * 1024;

interface Mapping {
  start: bigint;
  end: bigint;
  permissions: string;
  name: string;
  rssKb: number;
}

export function parseSmaps(text: string): Mapping[] {
  const mappings: Mapping[] = [];
  for (const line of text.split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      mappings.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        permissions: header[3]!,
        name: header[4]!.trim(),
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length > 0) mappings.at(-1)!.rssKb = Number(rss[1]);
  }
  return mappings;
}

export function splitResident(mappings: Mapping[]): ResidentSplit {
  const reservation = BigInt(ARENA_RESERVATION);
  let mainKb = 0;
  let arenaKb = 0;
  let arenas = 0;
  let otherKb = 0;
  let fileKb = 0;
  for (const [index, mapping] of mappings.entries()) {
    if (mapping.name === "[heap]") mainKb += mapping.rssKb;
    else if (mapping.name.startsWith("/")) fileKb += mapping.rssKb;
    else if (mapping.name !== "" && mapping.name !== "[anon]")
      otherKb += mapping.rssKb; // [stack], [vdso]…
    else if (isArena(mapping, mappings[index + 1], reservation)) {
      arenaKb += mapping.rssKb;
      arenas += 1;
    } else otherKb += mapping.rssKb;
  }
  return {
    mainArenaMb: mainKb / 1024,
    threadArenasMb: arenaKb / 1024,
    threadArenas: arenas,
    otherAnonymousMb: otherKb / 1024,
    fileMb: fileKb / 1024,
  };
}

/**
 * An arena's used part is a read-write mapping at a 64 MiB boundary, followed (until it has
 * grown to the whole reservation) by the inaccessible rest of that reservation.
 */
function isArena(mapping: Mapping, next: Mapping | undefined, reservation: bigint): boolean {
  if (!mapping.permissions.startsWith("rw") || mapping.start % reservation !== 0n) return false;
  if (mapping.end - mapping.start === reservation) return true;
  return next !== undefined && next.start === mapping.end && next.permissions.startsWith("---") && next.end === mapping.start + reservation;
}

export function residentSplitOf(pid: number): ResidentSplit | undefined {
  try {
    return splitResident(parseSmaps(readFileSync(`/proc/${pid}/smaps`, "utf8")));
  } catch {
    return undefined;
  }
}
