// Shared by `npm run bench` and `npm run test:package`: the memory of a server and its workers.
import { execFileSync } from "node:child_process";

/** RSS (MB) of a process and all its children, summed (Linux `ps`); 0 when it cannot be read. */
export function treeRssMb(pid) {
  try {
    const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss="], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => line.trim().split(/\s+/).map(Number));
    const tree = new Set([pid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [p, parent] of rows) {
        if (tree.has(parent) && !tree.has(p)) {
          tree.add(p);
          grew = true;
        }
      }
    }
    return rows.filter(([p]) => tree.has(p)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
  } catch {
    return 0;
  }
}
