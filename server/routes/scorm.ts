import { createScormItem } from '../commands/scorm/createScormItem.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';

export const scormHandlers: HandlerMap = {
  async createScormTrainingItem(ctx) {
    // The binder has streamed the zip to a temporary file (multipart.ts) and removes it after this answer.
    return { status: 201, body: await createScormItem(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.body) };
  },
};
