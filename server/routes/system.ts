import { sql } from 'drizzle-orm';
import { HttpError } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { HandlerMap } from '../openapi/handler.js';

export const systemHandlers: HandlerMap = {
  async getHealth({ services }) {
    try {
      await services.db.execute(sql`select 1`);
    } catch {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', messages.databaseDown);
    }
    return { status: 200, body: { status: 'ok', database: services.databaseKind } };
  },
};
