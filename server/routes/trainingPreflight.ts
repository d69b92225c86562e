import type { StoreRow } from '../auth/session.js';
import { trainingOf } from '../commands/catalogue/scope.js';
import { scopeOf } from '../openapi/handler.js';
import type { Services } from '../services.js';

/**
 * Preflight (see Handler in openapi/handler.ts) of the uploads into a training: an unknown training, or
 * another store's, answers 404 before the binder reads a byte of the file.
 */
export async function trainingInPath(ctx: { services: Services; store: StoreRow | null; params: { trainingUuid: string } }): Promise<void> {
  await trainingOf(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid);
}
