import { expect, type APIRequestContext } from './fixtures';

/** The link (path and query) of the newest mail of `template` sent to `to`, read from the dev mailbox. */
export async function mailLink(request: APIRequestContext, to: string, template: string) {
  const mails = (await (await request.get(`/__dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as { template: string; text: string }[];
  const mail = mails.find((m) => m.template === template);
  expect(mail, `no ${template} mail for ${to}`).toBeDefined();
  const url = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!);
  return url.pathname + url.search;
}
