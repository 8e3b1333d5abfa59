import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { inputClass } from "~/components/ui/input-class";

/**
 * The admin's answer to a return not decided yet: receive it (its money lines are refunded and its
 * exchanges shipped) or refuse it with a reason the shopper reads. The reason's error, from the
 * action, shows under its field.
 */
export function ReturnDecision({ returnId, refuseError }: { returnId: string; refuseError?: string }) {
  const reasonId = `refuse-${returnId}`;
  return (
    <div className="flex flex-wrap items-end gap-2 pt-1 print:hidden">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="receive-return" />
        <input type="hidden" name="returnId" value={returnId} />
        <Button type="submit" size="sm">
          Receive return
        </Button>
      </Form>
      <Form method="post" preventScrollReset className="flex flex-1 flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="refuse-return" />
        <input type="hidden" name="returnId" value={returnId} />
        <div className="min-w-40 flex-1 space-y-1">
          <label htmlFor={reasonId} className="block text-sm font-medium">
            Reason to refuse
          </label>
          <input
            id={reasonId}
            name="reason"
            maxLength={500}
            className={inputClass}
            aria-invalid={refuseError ? true : undefined}
            aria-describedby={refuseError ? `${reasonId}-error` : undefined}
          />
          <ErrorList id={`${reasonId}-error`} errors={refuseError ? [refuseError] : undefined} />
        </div>
        <Button type="submit" size="sm" variant="outline">
          Refuse return
        </Button>
      </Form>
    </div>
  );
}
