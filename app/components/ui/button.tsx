import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

// The classes are app.css's `btn` utilities (the Tailwind utilities each names), short because
// every button of a page repeats them.
const VARIANTS = {
  primary: "btn-primary",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
} as const;
const SIZES = { sm: "btn-sm", md: "btn-md", icon: "btn-icon" } as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClass({ variant = "primary", size = "md" }: ButtonStyle = {}, extra?: string): string {
  return cn("btn", VARIANTS[variant], SIZES[size], extra);
}

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & ButtonStyle) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
