import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600";

type InputType = "text" | "email" | "password" | "number" | "tel" | "url" | "search";

/** A labelled conform input with its errors under it (ids and aria attributes from conform). */
export function InputField({
  label,
  meta,
  type,
  className,
  ...rest
}: {
  label: string;
  meta: FieldMetadata<any, any, string[]>;
  type: InputType;
  className?: string;
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "className">) {
  const { key, ...inputProps } = getInputProps(meta, { type });
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input key={key} {...inputProps} {...rest} className={inputClass} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
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
