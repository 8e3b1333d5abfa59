import { parseFormWith } from "~/server/platform/form.server";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { SessionUser } from "~/lib/access";
import { AddressSchema } from "~/lib/schemas/addresses";
import { IdSchema } from "~/lib/schemas/fields";
import { addAddress, deleteAddress, updateAddress } from "~/server/accounts/addresses.server";
import { ADDRESS_ADDED, ADDRESS_DELETED, ADDRESS_NOT_FOUND, ADDRESS_UPDATED, MAX_ADDRESSES_MESSAGE } from "~/lib/messages/accounts";

/**
 * The address forms of the shared address manager (account and checkout) post to their page; this
 * handles them. Field errors come back with 400; success redirects to the page without the form.
 * With `choiceParam` (checkout), a new address comes back chosen: its id in that URL parameter.
 */
export async function handleAddressIntent(request: Request, user: SessionUser, formData: FormData, choiceParam?: string) {
  const url = new URL(request.url);
  url.searchParams.delete("address");
  const back = url.pathname + url.search;
  const intent = formData.get("intent");

  if (intent === "address-delete") {
    const id = IdSchema.safeParse(formData.get("addressId"));
    if (!id.success || !(await deleteAddress(user.id, id.data))) return redirectWithError(back, ADDRESS_NOT_FOUND);
    return redirectWithSuccess(back, ADDRESS_DELETED);
  }

  const submission = parseFormWith(formData, AddressSchema);
  if (submission.status !== "success") return data({ address: submission.reply() }, { status: 400 });

  // A country the shop does not deliver to: said beside the country, the values kept.
  const refusedCountry = (message: string) => data({ address: submission.reply({ fieldErrors: { country: [message] } }) }, { status: 400 });

  if (intent === "address-update") {
    const id = IdSchema.safeParse(formData.get("addressId"));
    const result = id.success ? await updateAddress(user.id, id.data, submission.value) : null;
    if (result && !result.ok && "field" in result) return refusedCountry(result.message);
    if (!result?.ok) return redirectWithError(back, ADDRESS_NOT_FOUND);
    return redirectWithSuccess(back, ADDRESS_UPDATED);
  }

  const result = await addAddress(user.id, submission.value);
  if (!result.ok && "field" in result) return refusedCountry(result.message);
  // SPEC: a fourth address resets the form and says why.
  if (!result.ok) return redirectWithError(back, MAX_ADDRESSES_MESSAGE);
  if (choiceParam) url.searchParams.set(choiceParam, result.address.id);
  return redirectWithSuccess(url.pathname + url.search, ADDRESS_ADDED);
}
