import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import { authenticate } from '../commands/authenticate.js';
import { resendVerificationEmail, verifyEmail } from '../commands/emailVerification.js';
import { completePasswordReset, requestPasswordReset, takeMailAttempt } from '../commands/passwords.js';
import { registerTrainer } from '../commands/registerTrainer.js';
import { takeAttempt } from '../auth/throttle.js';
import { requireCaptcha } from '../thirdParty/captcha.js';
import { inLocale, messages } from '../http/messages.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';

export const authHandlers: HandlerMap = {
  async login({ body, services, request }) {
    return { status: 200, body: await authenticate(services, body, request.ip) };
  },

  async register({ body, services, request }) {
    // Each sign-up costs a password hash and an e-mail: limited per client address.
    await takeAttempt(services, [{ key: `register-ip:${request.ip}`, limit: services.config.throttle.registerPerAddress }]);
    await requireCaptcha(services, request);
    return { status: 201, body: await registerTrainer(services, body) };
  },

  async registerPerk({ body, services, request }) {
    // Like register (same limits and captcha), with a partner's perk code: the store starts on PERK.
    await takeAttempt(services, [{ key: `register-ip:${request.ip}`, limit: services.config.throttle.registerPerAddress }]);
    await requireCaptcha(services, request);
    return { status: 201, body: await registerTrainer(services, body) };
  },

  async logout(ctx) {
    await ctx.services.db.delete(sessions).where(eq(sessions.id, signedIn(ctx).sessionId));
    return { status: 204 };
  },

  async resetPassword({ body, services, request, locale }) {
    // The contract makes token, password and password_confirmation all-or-nothing: a token means "set".
    if (body.token !== undefined) {
      await completePasswordReset(services, { email: body.email, token: body.token, password: body.password ?? '', password_confirmation: body.password_confirmation ?? '' });
      return { status: 200, body: { message: inLocale(messages.passwordReset, locale) } };
    }
    await requireCaptcha(services, request);
    await requestPasswordReset(services, body.email, request.ip);
    return {
      status: 202,
      body: { message: inLocale(messages.resetMailMaybeSent, locale) },
    };
  },

  async resendVerificationEmail({ body, services, request, locale }) {
    await takeMailAttempt(services, 'resend', body.email, request.ip);
    await resendVerificationEmail(services, body.email);
    return { status: 202, body: { message: inLocale(messages.activationMailMaybeSent, locale) } };
  },

  async verifyEmail({ query, services, locale }) {
    await verifyEmail(services, query.email, query.token);
    return { status: 200, body: { message: inLocale(messages.emailVerified, locale) } };
  },
};
