import { useEffect } from "react";

/**
 * After a refused submission, empties the named inputs (passwords) so they are never kept,
 * matching what the server-rendered page does without JavaScript.
 */
export function useClearOnResult(result: unknown, ...inputIds: string[]) {
  const ids = inputIds.join(" ");
  useEffect(() => {
    if (!result) return;
    for (const id of ids.split(" ")) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [result, ids]);
}
