import type { HandlerMap } from '../openapi/handler.js';
import { adminHandlers } from './admin.js';
import { affiliateHandlers } from './affiliates.js';
import { aiHandlers } from './ai.js';
import { apiKeyHandlers } from './apiKeys.js';
import { assignmentHandlers } from './assignments.js';
import { authHandlers } from './auth.js';
import { billingHandlers } from './billing.js';
import { bundleHandlers } from './bundles.js';
import { checkoutHandlers } from './checkout.js';
import { communityHandlers } from './community.js';
import { customerHandlers } from './customers.js';
import { emailTemplateHandlers } from './emailTemplates.js';
import { embedHandlers } from './embeds.js';
import { learningHandlers } from './learning.js';
import { meHandlers } from './me.js';
import { notificationHandlers } from './notifications.js';
import { pageHandlers } from './pages.js';
import { paymentHandlers } from './payments.js';
import { storeHandlers } from './store.js';
import { systemHandlers } from './system.js';
import { teamHandlers } from './team.js';
import { trainingLearnerHandlers } from './trainingLearners.js';
import { trainingItemHandlers } from './trainingItems.js';
import { trainingHandlers } from './trainings.js';
import { previewTokenHandlers } from './previewTokens.js';
import { salesHandlers } from './sales.js';
import { schoolHandlers } from './school.js';
import { scormHandlers } from './scorm.js';
import { uploadHandlers } from './uploads.js';
import { webhookHandlers } from './webhooks.js';
import { sponsorshipHandlers } from './sponsorship.js';
import { emailProviderHandlers } from './emailProviders.js';

/** Every implemented operation, by operationId. Operations missing here answer 501. */
export const handlers: HandlerMap = {
  ...systemHandlers,
  ...authHandlers,
  ...meHandlers,
  ...apiKeyHandlers,
  ...notificationHandlers,
  ...pageHandlers,
  ...storeHandlers,
  ...teamHandlers,
  ...adminHandlers,
  ...trainingHandlers,
  ...trainingItemHandlers,
  ...assignmentHandlers,
  ...embedHandlers,
  ...trainingLearnerHandlers,
  ...bundleHandlers,
  ...uploadHandlers,
  ...scormHandlers,
  ...previewTokenHandlers,
  ...schoolHandlers,
  ...paymentHandlers,
  ...learningHandlers,
  ...salesHandlers,
  ...checkoutHandlers,
  ...affiliateHandlers,
  ...customerHandlers,
  ...webhookHandlers,
  ...emailTemplateHandlers,
  ...billingHandlers,
  ...aiHandlers,
  ...communityHandlers,
  ...sponsorshipHandlers,
  ...emailProviderHandlers,
};
