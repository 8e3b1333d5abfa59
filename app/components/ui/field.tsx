import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { ErrorList } from "./error-list";
import { inputClass } from "./input-class";

export { ErrorList, inputClass };

type InputType = "text" | "email" | "password" | "number" | "tel" | "url" | "search";

/** A field of a conform form (useSchemaForm): its id, name, constraints, value and errors. */
type FieldMeta = FieldMetadata<unknown>;

/** A labelled input with its errors underneath (linked by aria-describedby, from conform). */
export function InputField({
  label,
  meta,
  type,
  className,
  ...rest
}: {
  label: string;
  meta: FieldMeta;
  type: InputType;
  className?: string;
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "className" | "defaultValue">) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input {...getInputProps(meta, { type })} {...rest} className={inputClass} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A labelled textarea, like InputField. */
export function TextareaField({
  label,
  meta,
  className,
  ...rest
}: {
  label: string;
  meta: FieldMeta;
  className?: string;
} & Omit<ComponentProps<"textarea">, "name" | "id" | "className" | "defaultValue">) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea {...getTextareaProps(meta)} {...rest} className={inputClass} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
