/**
 * Payment work on one order runs one call at a time (in this process, the only one writing the
 * database): a capture, a reload of the return page and the recovery never interleave
 * between "stock reserved" and "paid or released".
 */
const orderQueues = new Map<string, Promise<unknown>>();
export function oneAtATime<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  const run = (orderQueues.get(orderId) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  orderQueues.set(orderId, settled);
  void settled.then(() => {
    if (orderQueues.get(orderId) === settled) orderQueues.delete(orderId);
  });
  return run;
}
