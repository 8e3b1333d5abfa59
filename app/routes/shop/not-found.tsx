import { data } from "react-router";
import { NotFound } from "~/components/not-found";

export async function loader() {
  return data(null, { status: 404 });
}

export default function ShopNotFound() {
  return <NotFound message="page doesn't exists" home="/shop/home" inLayout />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
