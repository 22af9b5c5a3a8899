/**
 * The messages under a field, tied to it through aria-describedby. `alert` announces them at once:
 * for messages that arrive with a new page (a filter's), not ones that follow the typing.
 */
export function FieldError({ id, messages, alert = false }: { id: string; messages?: string[]; alert?: boolean }) {
  if (!messages?.length) return null;
  return (
    <div id={id} className="mt-1 text-sm text-red-700">
      {messages.map((message) => (
        <p key={message} role={alert ? "alert" : undefined}>
          {message}
        </p>
      ))}
    </div>
  );
}
