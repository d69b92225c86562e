import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { communityMembers, communitySpaceTrainings, communitySpaces, customers, customerTrainings } from '../../db/schema.js';

type Executor = Pick<Database, 'execute'>;

/**
 * Auto-add (space form "ALL" / "TRAININGS"). A learner of the store is a customer with a learner account or with
 * an enrolment that is not an abandoned cart; ALL spaces take every one, TRAININGS spaces the learners of their
 * trainings. Existing members stay (on conflict nothing), so a learner the team removed is only added back by a
 * new enrolment or a change of the space's mode, never behind the team's back.
 */
const isLearnerOf = (customerColumn: unknown) => sql`(
  ${customers.passwordHash} is not null
  or exists (select 1 from ${customerTrainings} where ${customerTrainings.customerId} = ${customerColumn} and ${customerTrainings.customerType} <> 'ABANDONED_CART')
)`;

/** Every learner the space's mode names joins it (space created, or its mode changed): also those enrolled before it existed. */
export async function autoJoinSpace(db: Executor, spaceId: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${communityMembers} (space_id, customer_id, role, joined_at)
    select ${spaceId}::uuid, ${customers.id}, 'MEMBER', now()
    from ${customers}
    join ${communitySpaces} on ${communitySpaces.id} = ${spaceId}::uuid and ${communitySpaces.storeId} = ${customers.storeId}
    where ${isLearnerOf(customers.id)}
      and (${communitySpaces.global} or exists (
        select 1 from ${customerTrainings}
        join ${communitySpaceTrainings} on ${communitySpaceTrainings.trainingId} = ${customerTrainings.trainingId}
        where ${communitySpaceTrainings.spaceId} = ${spaceId}::uuid and ${customerTrainings.customerId} = ${customers.id}
          and ${customerTrainings.customerType} <> 'ABANDONED_CART'))
    on conflict do nothing`);
  return (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as unknown as { rowCount?: number }).rowCount ?? 0;
}

/**
 * A learner enrolled (or got an account): they join every space of their store whose mode names them. Called in
 * the enrolment's transaction by every enrolment path (purchase, free order, the team's enrolment and import).
 */
export async function autoJoinLearners(db: Executor, customerIds: string[]) {
  if (!customerIds.length) return;
  await db.execute(sql`
    insert into ${communityMembers} (space_id, customer_id, role, joined_at)
    select ${communitySpaces.id}, ${customers.id}, 'MEMBER', now()
    from ${customers}
    join ${communitySpaces} on ${communitySpaces.storeId} = ${customers.storeId}
    where ${customers.id} = any(${sql.param(customerIds)}::uuid[])
      and ${isLearnerOf(customers.id)}
      and (${communitySpaces.global} or exists (
        select 1 from ${customerTrainings}
        join ${communitySpaceTrainings} on ${communitySpaceTrainings.trainingId} = ${customerTrainings.trainingId}
        where ${communitySpaceTrainings.spaceId} = ${communitySpaces.id} and ${customerTrainings.customerId} = ${customers.id}
          and ${customerTrainings.customerType} <> 'ABANDONED_CART'))
    on conflict do nothing`);
}
