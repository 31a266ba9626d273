/**
 * The pages' paths and the sections of the two areas, in one place: the layout's navigation, the page
 * controllers' routes and the tests read them from here. A new page (say, earnings) is one entry here and one
 * route in its controller.
 */
export const PAGE = {
  home: '/',
  signup: '/signup',
  login: '/login',
  logout: '/logout',
  account: '/dashboard',
  console: '/console',
} as const;

export interface NavItem {
  id: string;
  label: string;
  path: string;
}

/** The account area's sections (`/dashboard/...`). */
export const ACCOUNT_SECTIONS: readonly NavItem[] = [
  { id: 'key', label: 'API key', path: '/dashboard' },
  { id: 'try', label: 'Try it', path: '/dashboard/try' },
  { id: 'clicks', label: 'Clicks', path: '/dashboard/clicks' },
  { id: 'earnings', label: 'Earnings', path: '/dashboard/earnings' },
  { id: 'usage', label: 'Usage', path: '/dashboard/usage' },
  { id: 'settings', label: 'Settings', path: '/dashboard/settings' },
  { id: 'domains', label: 'Domains', path: '/dashboard/domains' },
  { id: 'integration-keys', label: 'Integration keys', path: '/dashboard/integration-keys' },
  { id: 'webhooks', label: 'Webhooks', path: '/dashboard/webhooks' },
  { id: 'profile', label: 'Profile', path: '/dashboard/profile' },
  { id: 'security', label: 'Security log', path: '/dashboard/security' },
];

/** The admin console's sections (`/console/...`). */
export const ADMIN_SECTIONS: readonly NavItem[] = [
  { id: 'overview', label: 'Overview', path: '/console' },
  { id: 'members', label: 'Members', path: '/console/members' },
  { id: 'abuse', label: 'Abuse log', path: '/console/abuse' },
  { id: 'bans', label: 'Bans', path: '/console/bans' },
  { id: 'audit', label: 'Audit log', path: '/console/audit' },
];

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]['id'];
export type AdminSection = (typeof ADMIN_SECTIONS)[number]['id'];

export function sectionPath(sections: readonly NavItem[], id: string): string {
  const item = sections.find((section) => section.id === id);
  if (!item) throw new Error(`No section ${id}`);
  return item.path;
}
