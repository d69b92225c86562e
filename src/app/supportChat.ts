import { loadScript, thirdParty } from './thirdParty';

/** The chat of the help menu's "contact support" entry (Crisp, by CRISP_WEBSITE_ID), when configured. */
export const supportChatEnabled = Boolean(thirdParty.crisp);

type CrispWindow = Window & { $crisp?: unknown[][]; CRISP_WEBSITE_ID?: string };

/**
 * Opens the support chat: Crisp's script is added on the first use only (nothing of it loads before the person asks
 * for support). The signed-in user's name and e-mail are handed to Crisp only with CRISP_PASS_USER=1.
 */
export async function openSupportChat(user: { name: string; email: string }): Promise<void> {
  const crisp = thirdParty.crisp;
  if (!crisp) return;
  const w = window as CrispWindow;
  w.$crisp ??= [];
  w.CRISP_WEBSITE_ID = crisp.websiteId;
  if (crisp.passUser) {
    w.$crisp.push(['set', 'user:email', [user.email]]);
    w.$crisp.push(['set', 'user:nickname', [user.name]]);
  }
  w.$crisp.push(['do', 'chat:show']);
  w.$crisp.push(['do', 'chat:open']);
  await loadScript('https://client.crisp.chat/l.js');
}
