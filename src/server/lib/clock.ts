/**
 * The time the mail outbox and notification emails go by (when a mail is due, when a digest's
 * 15 minutes are over, when a failed mail is tried again). One source for both sides, so a test
 * can move it forward and see what a person would see a quarter of an hour later.
 */
let source: () => number = Date.now;

export function now(): Date {
  return new Date(source());
}

/** Tests only: the clock reads `read()` from now on; returns the function that puts the real one back. */
export function setClockForTests(read: () => number): () => void {
  const previous = source;
  source = read;
  return () => {
    source = previous;
  };
}
