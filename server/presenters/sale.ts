import type { components } from '../../src/api/schema.gen.js';
import type { customers, sales, transactions } from '../db/schema.js';
import { presentCustomerRef } from './customer.js';

type SaleBody = components['schemas']['Sale'];
type TransactionBody = components['schemas']['Transaction'];
type PaymentMethod = components['schemas']['PaymentMethod'];
type CustomerRow = typeof customers.$inferSelect;

type SaleRow = typeof sales.$inferSelect;
/** The columns of a sale the ledger shows. */
export type SaleLineSale = Pick<
  SaleRow,
  'id' | 'trainingId' | 'bundleId' | 'amount' | 'discountAmount' | 'discountCode' | 'paymentMethod' | 'paymentScheduleType' | 'status' | 'createdAt' | 'paidAt'
>;
/** The columns of a person the ledger shows (the buyer, the affiliate). */
export type SaleLinePerson = Pick<CustomerRow, 'id' | 'email' | 'firstname' | 'lastname' | 'picture'>;

/** A ledger line as read: the sale, its buyer, what was bought (names; null once deleted), its affiliate. */
export interface SaleLine {
  sale: SaleLineSale;
  customer: SaleLinePerson;
  trainingName: string | null;
  bundleName: string | null;
  affiliate: SaleLinePerson | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What was bought, or null once that training or bundle was deleted. */
export function buyableOf(line: Pick<SaleLine, 'sale' | 'trainingName' | 'bundleName'>): SaleBody['buyable'] {
  if (line.sale.trainingId && line.trainingName !== null) return { type: 'TRAINING', uuid: line.sale.trainingId, name: line.trainingName };
  if (line.sale.bundleId && line.bundleName !== null) return { type: 'BUNDLE', uuid: line.sale.bundleId, name: line.bundleName };
  return null;
}

export function presentSale(line: SaleLine): SaleBody {
  const { sale } = line;
  return {
    uuid: sale.id,
    buyable: buyableOf(line),
    customer: presentCustomerRef(line.customer),
    amount: sale.amount,
    discount_amount: sale.discountAmount,
    discount_code: sale.discountCode,
    payment_method: sale.paymentMethod as PaymentMethod,
    payment_schedule_type: sale.paymentScheduleType,
    status: sale.status,
    affiliate: line.affiliate ? presentCustomerRef(line.affiliate) : null,
    created_at: sale.createdAt.toISOString(),
    paid_at: iso(sale.paidAt),
  };
}

export function presentTransaction(row: typeof transactions.$inferSelect): TransactionBody {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    installment_number: row.installmentNumber,
    payment_schedule_id: row.paymentScheduleId,
    payment_method: row.paymentMethod,
    due_at: iso(row.dueAt),
    paid_at: iso(row.paidAt),
    created_at: row.createdAt.toISOString(),
    refund: row.refundStatus ? { status: row.refundStatus, requested_at: iso(row.refundRequestedAt) } : null,
  };
}
