/**
 * Hydration in turns (issue 7, docs/decisions/0010-hydration-in-turns.md). Hydrating a
 * server-painted page is one long task when done in one go (~0.5-1 s on Lighthouse's phone), and
 * the page answers no input meanwhile. Parts wrapped in <HydrateLater> are skipped by that first
 * pass: their server markup stays as it is (Preact keeps the DOM of a part that suspends while
 * hydrating) and each is hydrated in a task of its own afterwards, one after the other, in the
 * order of the page, with the browser free to paint and handle input in between.
 *
 * Rules for a part:
 * - it renders exactly one element at its top (Preact keeps one DOM node for a suspended part);
 * - nothing in it calls useId unless nothing after it on the page does outside such a part
 *   (ids are handed out in render order: the turns keep the page's order among themselves);
 * - outside a hydration (the server's render, a page the app renders itself) it renders at once.
 */
import { type ReactElement, Suspense, useState } from 'react';

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

let firstPass = false;
let last: Promise<void> = Promise.resolve();

/** A macrotask boundary: the browser may paint and run input handlers before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function takeTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = last = last.then(nextTask).then(() => {
    turn.done = true;
  });
  return turn;
}

/**
 * Runs `hydrate` (which must hydrate synchronously, as preact/compat's hydrateRoot does) with
 * <HydrateLater> parts deferred to later tasks. Resolves once every deferred part has had its turn.
 */
export function hydrateInTurns(hydrate: () => void): Promise<void> {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  return last;
}

function Waiting({ turn, children }: { turn: Turn | null; children: ReactElement }) {
  if (turn && !turn.done) throw turn.promise;
  return children;
}

/** Hydrated in a later task of its own (see above); renders `children` at once otherwise. */
export function HydrateLater({ children }: { children: ReactElement }) {
  // Chosen on the first render only: a part that mounts later never waits.
  const [turn] = useState(() => (firstPass ? takeTurn() : null));
  return (
    <Suspense fallback={null}>
      <Waiting turn={turn}>{children}</Waiting>
    </Suspense>
  );
}
