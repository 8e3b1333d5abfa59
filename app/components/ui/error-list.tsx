/** A field's or a form's errors, one per line; the id is what the control's aria-describedby names. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}
