/** The payments feature's public entry: Buy, the return toast, the Dashboard's Purchases, payouts. */
export { BuyDialog, goToCheckout } from './components/buy-dialog';
export { usePaymentReturn } from './components/payment-return';
export { PurchasesTab } from './components/purchases-tab';
export { PayoutsSetup } from './components/payouts-setup';
