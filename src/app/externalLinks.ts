/**
 * Addresses outside the app (help centre, tutorials, …), set at build time with VITE_* variables
 * (see README). An address left unset hides its link rather than pointing somewhere made up.
 */
const env = import.meta.env;
const link = (value: string | undefined) => (value && /^https?:\/\//.test(value) ? value : null);

export const externalLinks = {
  tutorials: link(env.VITE_TUTORIALS_URL),
  helpCenter: link(env.VITE_HELP_CENTER_URL),
  meetups: link(env.VITE_MEETUPS_URL),
  communityGroup: link(env.VITE_COMMUNITY_GROUP_URL),
  blog: link(env.VITE_BLOG_URL),
  academy: link(env.VITE_ACADEMY_URL),
  coaching: link(env.VITE_COACHING_URL),
};
