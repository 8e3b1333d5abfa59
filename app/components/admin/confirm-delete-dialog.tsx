import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { CloseLink, Modal } from "~/components/ui/modal";

/**
 * Asks before something goes (`?delete=<id>`: a dialog that works without JavaScript). Cancel goes
 * back to `closeHref`; Delete posts `intent=delete` with `fields` (which one) to the page's action.
 */
export function ConfirmDeleteDialog({
  id,
  title,
  closeHref,
  fields,
  closeLink = false,
  children,
}: {
  /** The heading's id, naming the dialog. */
  id: string;
  title: string;
  closeHref: string;
  fields: Record<string, string>;
  /** A "Close" cross in the corner as well as Cancel. */
  closeLink?: boolean;
  /** What the owner is about to lose (a picture, a sentence). */
  children: ReactNode;
}) {
  return (
    <Modal closeHref={closeHref} labelledBy={id} className="inset-0 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl">
      <div className="relative space-y-4 p-6">
        {closeLink ? <CloseLink to={closeHref} label="Close" /> : null}
        <h2 id={id} className={closeLink ? "pr-10 text-lg font-bold" : "text-lg font-bold"}>
          {title}
        </h2>
        {children}
        <Form method="post" className="flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Link to={closeHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive">
            Delete
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
