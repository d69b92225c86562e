import { createScormItem } from '../commands/scorm/createScormItem.js';
import { replaceScormPackage, scormItemOf } from '../commands/scorm/replaceScormPackage.js';
import { scopeOf, signedIn, withPreflight, type HandlerMap } from '../openapi/handler.js';
import { trainingInPath } from './trainingPreflight.js';

export const scormHandlers: HandlerMap = {
  createScormTrainingItem: withPreflight<'createScormTrainingItem'>(trainingInPath, async (ctx) => {
    // The binder has streamed the zip to a temporary file (multipart.ts) and removes it after this answer.
    return { status: 201, body: await createScormItem(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.body) };
  }),

  replaceScormPackage: withPreflight<'replaceScormPackage'>(
    // An unknown item (404) or one that is not SCORM (422) is answered before a byte of the zip is read.
    async (ctx) => void (await scormItemOf(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.params.itemId)),
    async (ctx) => {
      const { item, cleanupFailures } = await replaceScormPackage(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.params.itemId, ctx.body.file);
      for (const err of cleanupFailures) ctx.request.log.warn({ err }, 'SCORM package left in storage');
      return { status: 200, body: item };
    },
  ),
};
