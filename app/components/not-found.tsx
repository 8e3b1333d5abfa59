import { ButtonLink } from "~/components/ui/button";
import { useShopName } from "~/lib/shop-name";

/** `inLayout`: inside a layout that already has the page's <main> (the shop), so a plain section. */
export function NotFound({ message, home, inLayout = false }: { message: string; home: string; inLayout?: boolean }) {
  const Root = inLayout ? "section" : "main";
  const shopName = useShopName();
  return (
    <Root className="mx-auto flex max-w-lg flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <title>{`Page not found | ${shopName}`}</title>
      <p className="text-5xl font-extrabold text-gray-500">404</p>
      <h1 className="text-2xl font-bold">{message}</h1>
      <ButtonLink to={home}>Go back home</ButtonLink>
    </Root>
  );
}
