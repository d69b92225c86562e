import { createScormItem } from '../commands/scorm/createScormItem.js';
import { signedIn, withPreflight, type HandlerMap } from '../openapi/handler.js';
import { trainingInPath } from './trainingPreflight.js';

export const scormHandlers: HandlerMap = {
  createScormTrainingItem: withPreflight<'createScormTrainingItem'>(trainingInPath, async (ctx) => {
    // The binder has streamed the zip to a temporary file (multipart.ts) and removes it after this answer.
    return { status: 201, body: await createScormItem(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.body) };
  }),
};
