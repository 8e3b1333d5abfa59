import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

const VARIANTS = {
  primary: "bg-gray-900 text-white hover:bg-gray-700 disabled:bg-gray-400",
  outline: "border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 disabled:text-gray-400",
  ghost: "text-gray-700 hover:bg-gray-100",
  destructive: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300",
} as const;
const SIZES = { sm: "h-8 px-3 text-sm", md: "h-10 px-4 text-sm", icon: "h-10 w-10" } as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClass({ variant = "primary", size = "md" }: ButtonStyle = {}, extra?: string): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & ButtonStyle) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
