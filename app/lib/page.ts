/** One page of a longer list, and where it stands in the whole list. */
export type Page<T> = { items: T[]; total: number; page: number; pageCount: number };

export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
