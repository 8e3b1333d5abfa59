import { ButtonLink } from "~/components/ui/button";

export function NotFound({ message, home }: { message: string; home: string }) {
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <title>Page not found | Fashion Shop</title>
      <p className="text-5xl font-extrabold text-gray-300">404</p>
      <h1 className="text-2xl font-bold">{message}</h1>
      <ButtonLink to={home}>Go back home</ButtonLink>
    </main>
  );
}
