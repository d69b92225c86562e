import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { deleteMe } from '../commands/deleteMe.js';
import { changePassword } from '../commands/passwords.js';
import { arrivedAvatarUpload } from '../commands/uploads/arrivedUpload.js';
import { createMyAvatarUploadUrl } from '../commands/storeSettings.js';
import { userView } from '../commands/users.js';
import { invalid, notFound } from '../http/errors.js';
import { inLocale, messages } from '../http/messages.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';

export const meHandlers: HandlerMap = {
  async getSupportInfo(ctx) {
    const email = ctx.services.config.thirdParty.supportEmail;
    if (!email) throw notFound(messages.noSupportEmail);
    return { status: 200, body: { email } };
  },

  async getMe(ctx) {
    return { status: 200, body: await userView(ctx.services, signedIn(ctx).user.id) };
  },

  async updateMe(ctx) {
    const { user } = signedIn(ctx);
    const { firstname, lastname, display_name, locale, picture } = ctx.body;
    // An avatar is an image this user uploaded here (never any address: it shows to the whole team).
    if (picture && !(await arrivedAvatarUpload(ctx.services, user.storeId, user.id, picture))) throw invalid({ picture: [messages.avatarNotUploaded] });
    await ctx.services.db
      .update(users)
      .set({
        ...(firstname !== undefined ? { firstname: firstname.trim() } : {}),
        ...(lastname !== undefined ? { lastname: lastname?.trim() || null } : {}),
        ...(display_name !== undefined ? { displayName: display_name.trim() } : {}),
        ...(locale !== undefined ? { locale } : {}),
        ...(picture !== undefined ? { picture } : {}),
      })
      .where(eq(users.id, user.id));
    return { status: 200, body: await userView(ctx.services, user.id) };
  },

  async createMyAvatarUploadUrl(ctx) {
    return { status: 200, body: await createMyAvatarUploadUrl(ctx.services, signedIn(ctx), ctx.body) };
  },

  async deleteMe(ctx) {
    await deleteMe(ctx.services, signedIn(ctx), ctx.body);
    return { status: 204 };
  },

  async changeMyPassword(ctx) {
    await changePassword(ctx.services, signedIn(ctx), ctx.body);
    return { status: 200, body: { message: inLocale(messages.passwordChanged, ctx.locale) } };
  },

  async recordLastLogin(ctx) {
    const { user } = signedIn(ctx);
    await ctx.services.db.update(users).set({ lastLoginAt: ctx.services.clock() }).where(eq(users.id, user.id));
    return { status: 200, body: await userView(ctx.services, user.id) };
  },
};
