/** The current path and query with one parameter set (or removed when value is null). */
export function withParam(location: { pathname: string; search: string }, key: string, value: string | null): string {
  return withParams(location, { [key]: value });
}

/** The current path and query with some parameters set (or removed, those given as null). */
export function withParams(location: { pathname: string; search: string }, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString().replace(/%2C/g, ",");
  return `${location.pathname}${query ? `?${query}` : ""}`;
}
