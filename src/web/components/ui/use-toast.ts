import * as React from 'react';

import type { ToastActionElement, ToastProps } from './toast';

/**
 * shadcn/ui toast store (reducer + module-level state, no context needed).
 *
 * Product rule: exactly ONE toast is visible at a time — a new toast replaces the previous one
 * (TOAST_LIMIT = 1). Dismissed toasts stay in state (closed, for the exit animation) until
 * TOAST_REMOVE_DELAY, unless replaced earlier. Auto-close timing is Radix's (5000 ms default,
 * configurable per toast with `duration`).
 *
 * @example
 * const { toast } = useToast();            // or: import { toast } from '…/use-toast'
 * toast({ title: 'Idea published', description: 'Everyone can see it now.' });
 * toast({ variant: 'destructive', title: 'Upload failed', description: 'File is too large.' });
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1000000;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & Pick<ToasterToast, 'id'> }
  | { type: 'DISMISS_TOAST'; toastId?: ToasterToast['id'] }
  | { type: 'REMOVE_TOAST'; toastId?: ToasterToast['id'] };

export interface State {
  toasts: ToasterToast[];
}

let count = 0;

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string): void {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  toastTimeouts.set(toastId, timeout);
}

function clearFromRemoveQueue(toastId: string): void {
  const timeout = toastTimeouts.get(toastId);
  if (timeout !== undefined) {
    clearTimeout(timeout);
    toastTimeouts.delete(toastId);
  }
}

/** Pure state transition (side effects live in `dispatch`). */
export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };

    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };

    case 'DISMISS_TOAST': {
      const { toastId } = action;
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }

    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  const prev = memoryState;
  memoryState = reducer(memoryState, action);

  // Side effects: schedule removal of dismissed toasts, and drop timers of toasts that
  // are gone (e.g. replaced because of TOAST_LIMIT).
  if (action.type === 'DISMISS_TOAST') {
    const ids =
      action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(addToRemoveQueue);
  }
  const remaining = new Set(memoryState.toasts.map((t) => t.id));
  for (const t of prev.toasts) if (!remaining.has(t.id)) clearFromRemoveQueue(t.id);

  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): State {
  return memoryState;
}

export type ToastOptions = Omit<ToasterToast, 'id'>;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: ToastOptions) => void;
}

/** Show a toast (replacing any current one). Callable from anywhere, not only components. */
export function toast(props: ToastOptions): ToastHandle {
  const id = genId();
  const update = (next: ToastOptions) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });

  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open: boolean) => {
        props.onOpenChange?.(open);
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

/** Dismiss one toast by id, or all toasts when called without an id. */
export function dismissToast(toastId?: string): void {
  dispatch(toastId === undefined ? { type: 'DISMISS_TOAST' } : { type: 'DISMISS_TOAST', toastId });
}

/** React hook: current toasts plus `toast()` and `dismiss()`. */
export function useToast(): State & {
  toast: typeof toast;
  dismiss: (toastId?: string) => void;
} {
  const state = React.useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...state, toast, dismiss: dismissToast };
}
