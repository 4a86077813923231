/** A field's messages, one line each, for `<Field error>` (undefined when there are none). */
export function fieldErrorLines(messages: string[]) {
  if (messages.length === 0) return undefined;
  return (
    <>
      {messages.map((m) => (
        <span key={m} className="block">
          {m}
        </span>
      ))}
    </>
  );
}
