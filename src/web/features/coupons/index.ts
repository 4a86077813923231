/** The coupons feature's public entry: its query keys and the My Coupons dialog. */
import { lazy } from 'react';

export { couponsKeys } from './api/coupons-keys';

/** A chunk of its own, loaded when the dialog is first opened. */
export const CouponsDialog = lazy(() => import('./components/coupons-dialog'));
