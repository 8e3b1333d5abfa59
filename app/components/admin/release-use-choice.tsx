/**
 * The owner's choice on a full refund or a rejection of an order that used a discount code: its
 * use stays spent unless this is ticked (decision 0043). Acted on only once nothing stays paid.
 */
export function ReleaseUseChoice({ id, name, code }: { id: string; name: string; code: string }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input type="checkbox" id={id} name={name} aria-describedby={`${id}-hint`} className="mt-0.5 h-4 w-4" />
      <div>
        <label htmlFor={id}>Give the code&apos;s use back</label>
        <p id={`${id}-hint`} className="text-gray-600">
          Once the order is refunded in full, {code} counts one use less and the shopper may use it again.
        </p>
      </div>
    </div>
  );
}
