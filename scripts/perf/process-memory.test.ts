import { describe, expect, it } from "vitest";
import { parseSmaps, splitResident } from "./process-memory";

function mapping(range: string, permissions: string, name: string, rssKb: number): string {
  return `${range} ${permissions} 00000000 00:00 0    ${name}\nSize:  999 kB\nRss:  ${rssKb} kB\nPss:  1 kB\n`;
}

describe("splitting a process's resident memory", () => {
  it("tells glibc's heaps from other anonymous memory and file pages", () => {
    const smaps = [
      mapping("55d0c0000000-55d0c2000000", "r-xp", "/usr/bin/node", 40_000),
      mapping("55d0c4000000-55d0c6000000", "rw-p", "[heap]", 20_480),
      // A thread arena: its used part at a 64 MiB boundary, then the rest of its reservation.
      mapping("7f0a04000000-7f0a04800000", "rw-p", "", 6_144),
      mapping("7f0a04800000-7f0a08000000", "---p", "", 0),
      // An arena grown to the whole reservation.
      mapping("7f0a0c000000-7f0a10000000", "rw-p", "", 2_048),
      // V8's pages or a block glibc mapped on its own: anonymous, not at an arena's boundary.
      mapping("7f0a10040000-7f0a12040000", "rw-p", "", 30_720),
      mapping("7ffc00000000-7ffc00021000", "rw-p", "[stack]", 132),
    ].join("");
    expect(splitResident(parseSmaps(smaps))).toEqual({
      mainArenaMb: 20,
      threadArenasMb: 8,
      threadArenas: 2,
      otherAnonymousMb: (30_720 + 132) / 1024,
      fileMb: 40_000 / 1024,
    });
  });

  it("does not take an aligned mapping followed by something else for an arena", () => {
    const smaps = [mapping("7f0a04000000-7f0a04800000", "rw-p", "", 1_024), mapping("7f0a04800000-7f0a04900000", "rw-p", "", 1_024)].join(
      "",
    );
    expect(splitResident(parseSmaps(smaps))).toMatchObject({ threadArenas: 0, otherAnonymousMb: 2 });
  });
});
