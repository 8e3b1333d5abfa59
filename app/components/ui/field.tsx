import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { controlProps, type FieldMeta } from "~/lib/form";
import { inputClass } from "./input-class";

export { inputClass };

type InputType = "text" | "email" | "password" | "number" | "tel" | "url" | "search";

/** A labelled input with the server's errors for it underneath (linked by aria-describedby). */
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
      <input type={type} {...controlProps(meta)} {...rest} className={inputClass} />
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
      <textarea {...controlProps(meta)} {...rest} className={inputClass} />
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
