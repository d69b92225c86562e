/**
 * Subdomains no store may claim: the platform's own hosts (web, API, mail, files, status…), names that pass for
 * the platform or its staff, and the mail and DNS names certificate authorities and mail providers trust
 * (admin, postmaster, hostmaster, webmaster, abuse: an e-mail to one of them proves control of a domain).
 * Compared in lower case; the contract already limits subdomains to letters, digits and hyphens.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  // the platform's hosts
  'www', 'www1', 'www2', 'app', 'apps', 'api', 'apis', 'admin', 'administrateur', 'administrator', 'backoffice', 'dashboard',
  'console', 'panel', 'platform', 'plateforme', 'static', 'assets', 'cdn', 'files', 'fichiers', 'media', 'medias', 'img',
  'images', 'upload', 'uploads', 'download', 'downloads', 'storage', 's3', 'docs', 'doc', 'help', 'aide', 'support',
  'status', 'statut', 'blog', 'news', 'academy', 'academie', 'community', 'communaute', 'school', 'ecole', 'learn',
  'shop', 'store', 'boutique', 'checkout', 'pay', 'payment', 'payments', 'paiement', 'billing', 'facturation', 'invoice',
  'invoices', 'account', 'accounts', 'compte', 'auth', 'login', 'connexion', 'signin', 'signup', 'inscription', 'sso',
  'oauth', 'id', 'identity', 'secure', 'security', 'securite', 'widget', 'widgets', 'embed', 'preview', 'apercu',
  // environments and infrastructure
  'dev', 'development', 'staging', 'preprod', 'prod', 'production', 'test', 'tests', 'qa', 'sandbox', 'beta', 'alpha',
  'internal', 'intranet', 'vpn', 'proxy', 'gateway', 'git', 'ci', 'build', 'monitoring', 'metrics', 'grafana',
  'localhost', 'local', 'ns', 'ns1', 'ns2', 'ns3', 'dns', 'wpad', 'autodiscover', 'autoconfig', 'ws', 'wss', 'graphql',
  // mail
  'mail', 'email', 'mails', 'webmail', 'smtp', 'imap', 'pop', 'pop3', 'mx', 'postmaster', 'hostmaster', 'webmaster',
  'abuse', 'noreply', 'no-reply', 'ftp', 'sftp', 'ssh',
  // the company and its pages
  'about', 'legal', 'privacy', 'terms', 'cgu', 'cgv', 'contact', 'careers', 'jobs', 'press', 'presse', 'partners',
  'partenaires', 'affiliates', 'affiliation', 'marketing', 'team', 'staff', 'root', 'system', 'sysadmin', 'official', 'officiel',
]);

export const isReservedSubdomain = (subdomain: string) => RESERVED_SUBDOMAINS.has(subdomain.toLowerCase());
