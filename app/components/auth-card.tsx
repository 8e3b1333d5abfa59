import { Link } from "react-router";

/** Heading of an auth screen with the prompt and link to the other screen (SPEC section 2). */
export function AuthHeading({ title, prompt, linkText, to }: { title: string; prompt: string; linkText: string; to: string }) {
  return (
    <div className="space-y-2 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="text-sm text-gray-600">
        {prompt}{" "}
        <Link to={to} className="font-medium text-blue-700 hover:underline">
          {linkText}
        </Link>
      </p>
    </div>
  );
}
