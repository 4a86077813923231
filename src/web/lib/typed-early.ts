/**
 * What a person typed into a server-painted page before its code took over (issue 27 point 5). A
 * lazily loaded part that receives an update before it hydrates is drawn again by React from
 * scratch, and its boxes with it: their text would be gone. The entry notes every named text box's
 * text from the start until the box's own code takes it (`takeTypedEarly`).
 */
const typed = new Map<string, string>();
/** Boxes whose code has taken over: what is typed there now is the app's. */
const taken = new Set<string>();

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (el: EventTarget | null): el is TextField =>
  (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && (el.type === 'text' || el.type === 'email' || el.type === 'search'))) && el.id !== '';

function note(el: EventTarget | null) {
  if (isTextField(el) && !taken.has(el.id) && el.value !== el.defaultValue) typed.set(el.id, el.value);
}

/** Called once by the entry before hydrating: notes what is typed already, and from then on. */
export function keepTypedEarly(doc: Document): void {
  doc.querySelectorAll('textarea[id], input[id]').forEach(note);
  doc.addEventListener('input', (event) => note(event.target), true);
}

/** The text typed early into the box with this id, once (then forgotten); undefined when none. */
export function takeTypedEarly(id: string): string | undefined {
  const text = typed.get(id);
  typed.delete(id);
  taken.add(id);
  return text;
}
