/** RSS (MB) of a process and all its children, summed (Linux `ps`); 0 when it cannot be read. */
export function treeRssMb(pid: number): number;
