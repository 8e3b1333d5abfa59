import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600";

/** A labelled input with its error list under it (conform gives ids and aria attributes). */
export function Field({
  label,
  errors,
  errorId,
  className,
  inputProps,
}: {
  label: string;
  errors?: string[] | undefined;
  errorId: string;
  className?: string;
  inputProps: ComponentProps<"input">;
}) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input {...inputProps} className={inputClass} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}
