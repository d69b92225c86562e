import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import { authenticate } from '../commands/authenticate.js';
import { resendVerificationEmail, verifyEmail } from '../commands/emailVerification.js';
import { completePasswordReset, requestPasswordReset } from '../commands/passwords.js';
import { registerTrainer } from '../commands/registerTrainer.js';
import { assertNotThrottled, recordFailure } from '../auth/throttle.js';
import { normaliseEmail } from '../commands/users.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';

export const authHandlers: HandlerMap = {
  async login({ body, services, request }) {
    return { status: 200, body: await authenticate(services, body, request.ip) };
  },

  async register({ body, services }) {
    return { status: 201, body: await registerTrainer(services, body) };
  },

  async logout(ctx) {
    await ctx.services.db.delete(sessions).where(eq(sessions.id, signedIn(ctx).sessionId));
    return { status: 204 };
  },

  async resetPassword({ body, services }) {
    if (body.token && body.password && body.password_confirmation !== undefined) {
      await completePasswordReset(services, { ...body, token: body.token, password: body.password, password_confirmation: body.password_confirmation });
      return { status: 200, body: { message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' } };
    }
    await requestPasswordReset(services, body.email);
    return {
      status: 202,
      body: { message: 'Si un compte existe avec cette adresse, un e-mail de réinitialisation vient de lui être envoyé.' },
    };
  },

  async resendVerificationEmail({ body, services }) {
    const key = `resend:${normaliseEmail(body.email)}`;
    await assertNotThrottled(services, [{ key, limit: 5 }]);
    await recordFailure(services, [key]);
    await resendVerificationEmail(services, body.email);
    return { status: 202, body: { message: "Si cette adresse attend son activation, un nouvel e-mail vient d'être envoyé." } };
  },

  async verifyEmail({ query, services }) {
    await verifyEmail(services, query.email, query.token);
    return { status: 200, body: { message: 'Votre adresse e-mail est confirmée.' } };
  },
};
