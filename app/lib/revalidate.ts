import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * True when a navigation changes nothing but the URL parameter `param` (and is no form
 * submission): `?product=` opening or closing the details dialog, say. The routes around such a
 * dialog keep their data instead of loading it again.
 */
export function onlyParamChanged({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs, param: string): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return false;
  if (currentUrl.searchParams.get(param) === nextUrl.searchParams.get(param)) return false;
  const without = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(param);
    params.sort();
    return params.toString();
  };
  return without(currentUrl) === without(nextUrl);
}

/** `shouldRevalidate` of a route whose data does not depend on `?product=` (the dialog's own route loads that). */
export function skipWhenOnlyProductChanges(args: ShouldRevalidateFunctionArgs): boolean {
  return onlyParamChanged(args, "product") ? false : args.defaultShouldRevalidate;
}
