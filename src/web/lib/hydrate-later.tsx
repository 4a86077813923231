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
 * A press, a key or a focus before every turn is over hydrates all the rest at once (see below).
 */
import { type ReactElement, Suspense, useState } from 'react';

interface Turn {
  done: boolean;
  promise: Promise<void>;
  start: () => void;
}

let firstPass = false;
const queue: Turn[] = [];

function takeTurn(): Turn {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  const turn: Turn = {
    done: false,
    promise,
    start: () => {
      turn.done = true;
      resolve();
    },
  };
  queue.push(turn);
  return turn;
}

/** The next waiting part, in a task of its own (Preact hydrates it in the microtasks right after). */
function nextTurn() {
  queue.shift()?.start();
  if (queue.length) setTimeout(nextTurn, 0);
  else hydrateEverythingNow();
}

const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Someone presses, types or tabs before every part has had its turn: all of them are hydrated at
 * once, before the press reaches the page (this runs first, in the capture phase; Preact hydrates
 * in the microtasks before the browser dispatches the mousedown, click or keypress that follow),
 * so no press on a part still waiting is lost.
 */
function hydrateEverythingNow() {
  for (const type of INPUT_EVENTS) document.removeEventListener(type, hydrateEverythingNow, true);
  while (queue.length) queue.shift()!.start();
}

/**
 * Runs `hydrate` (which must hydrate synchronously, as preact/compat's hydrateRoot does) with
 * <HydrateLater> parts deferred to later tasks, one per task in page order.
 */
export function hydrateInTurns(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  if (!queue.length) return;
  for (const type of INPUT_EVENTS) document.addEventListener(type, hydrateEverythingNow, true);
  setTimeout(nextTurn, 0);
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
