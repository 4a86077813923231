import * as React from 'react';

import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useToast } from './use-toast';

/**
 * Renders the toast store. Mount ONCE near the app root (inside the theme wrapper):
 * `<Toaster />`. Then call `toast({ title, description, variant })` anywhere.
 * Provider props (e.g. `duration`, `swipeDirection`, `label`) may be passed through.
 */
function Toaster(props: Omit<React.ComponentProps<typeof ToastProvider>, 'children'>) {
  const { toasts } = useToast();

  return (
    <ToastProvider {...props}>
      {toasts.map(({ id, title, description, action, ...toastProps }) => (
        <Toast key={id} {...toastProps}>
          <div className="grid gap-1">
            {title !== undefined && title !== null && <ToastTitle>{title}</ToastTitle>}
            {description !== undefined && description !== null && (
              <ToastDescription>{description}</ToastDescription>
            )}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}

export { Toaster };
