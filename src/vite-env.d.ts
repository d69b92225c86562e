/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TUTORIALS_URL?: string;
  readonly VITE_HELP_CENTER_URL?: string;
  readonly VITE_MEETUPS_URL?: string;
  readonly VITE_COMMUNITY_GROUP_URL?: string;
  readonly VITE_BLOG_URL?: string;
  readonly VITE_ACADEMY_URL?: string;
  readonly VITE_COACHING_URL?: string;
  /** Promo code of the announcement campaign, shown to owners on the Découverte plan; unset shows none. */
  readonly VITE_ANNOUNCEMENT_PROMO_CODE?: string;
}
