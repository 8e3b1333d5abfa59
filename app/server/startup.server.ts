/** Prints one line saying why the shop cannot start, then stops the process. */
export function refuseToStart(reason: string): never {
  console.error(`[shop] refusing to start: ${reason}`);
  process.exit(1);
}
