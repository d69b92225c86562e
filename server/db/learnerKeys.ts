import { sql, type SQL } from 'drizzle-orm';

/**
 * What an enrolment (`customer_trainings`) copies of its learner: the learner's id with their store and sign-up time,
 * read by the insert itself from `customers` so they are exactly the learner's (to the microsecond, which a JS Date
 * would lose). The composite foreign key `customer_trainings_customer_fk` refuses any other value and cascades a
 * change, so the customers list's `type` filter can read learners in the list's order from one index.
 * Spread into `insert(customerTrainings).values({ ...learnerKeys(id), … })`.
 */
export function learnerKeys(customerId: string): { customerId: string; storeId: SQL<string>; customerCreatedAt: SQL<Date> } {
  return {
    customerId,
    storeId: sql<string>`(select store_id from customers where id = ${customerId})`,
    customerCreatedAt: sql<Date>`(select created_at from customers where id = ${customerId})`,
  };
}
