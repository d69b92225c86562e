import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { PurchaseChoice, PurchaseOrder } from './planPurchase.machine';

export interface PlanPurchaseApi {
  placeOrder(choice: PurchaseChoice, signal: AbortSignal): Promise<PurchaseOrder>;
  readOrder(orderId: string, signal: AbortSignal): Promise<PurchaseOrder>;
}

export function createPlanPurchaseActors(api: PlanPurchaseApi) {
  return {
    placeOrder: fromPromise<PurchaseOrder, PurchaseChoice>(({ input, signal }) => settleUnlessAborted(signal, api.placeOrder(input, signal))),
    readOrder: fromPromise<PurchaseOrder, { orderId: string }>(({ input, signal }) => settleUnlessAborted(signal, api.readOrder(input.orderId, signal))),
  };
}
