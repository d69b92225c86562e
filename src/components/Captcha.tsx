import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { onCaptchaReset, setCaptchaToken } from '../app/captcha';
import { loadScript, thirdParty } from '../app/thirdParty';

/** What Cloudflare Turnstile's and hCaptcha's scripts put on `window`: the same render / reset calls. */
interface CaptchaApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId?: string): void;
  remove?(widgetId: string): void;
}

const globalName = { turnstile: 'turnstile', hcaptcha: 'hcaptcha' } as const;

/**
 * The anti-robot check of a public form (issue 17), rendered only when the server configured a captcha: the
 * provider's script is added then (never otherwise), its widget drawn here, and its answer kept for the form's
 * request (src/app/captcha.ts). The widget's own frame is its accessible UI.
 */
export function Captcha() {
  const intl = useIntl();
  const container = useRef<HTMLDivElement>(null);
  const config = thirdParty.captcha;
  useEffect(() => {
    if (!config || !container.current) return;
    const element = container.current;
    let widgetId: string | undefined;
    let api: CaptchaApi | undefined;
    let cancelled = false;
    void loadScript(config.scriptUrl).then(() => {
      api = (window as unknown as Record<string, CaptchaApi | undefined>)[globalName[config.provider]];
      if (cancelled || !api) return;
      widgetId = api.render(element, {
        sitekey: config.siteKey,
        callback: (token: string) => setCaptchaToken(token),
        'expired-callback': () => setCaptchaToken(null),
        'error-callback': () => setCaptchaToken(null),
        [config.provider === 'turnstile' ? 'language' : 'hl']: intl.locale,
      });
    });
    const stopReset = onCaptchaReset(() => api?.reset(widgetId));
    return () => {
      cancelled = true;
      stopReset();
      setCaptchaToken(null);
      if (widgetId !== undefined) api?.remove?.(widgetId);
    };
  }, [config, intl.locale]);
  if (!config) return null;
  return <div ref={container} className="captcha" data-testid="captcha" />;
}
