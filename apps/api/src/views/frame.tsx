import type { ComponentChildren } from 'preact';
import { AccountNotices } from './account/notices';
import type { StatusMessage } from './components';
import { Layout } from './layout';
import { ACCOUNT_SECTIONS, ADMIN_SECTIONS, type AccountSection, type AdminSection } from './navigation';
import type { Viewer } from './viewer';

interface FrameProps<Section> {
  viewer: Viewer;
  /** The section the page belongs to (its entry in the section navigation). */
  section: Section;
  /** The page's own title, when it is not the section's (a member, an item). */
  title?: string;
  charts?: boolean;
  status?: StatusMessage;
  children: ComponentChildren;
}

/** What both frames hand the layout as it came: the viewer, the section, the charts' script, the status line. */
function shared<Section extends string>({ viewer, section, charts, status }: FrameProps<Section>) {
  return { viewer, section, charts, status };
}

/**
 * The frame of every page of the account area (`/dashboard/...`): the layout with the member's top bar, the
 * account sections and "Your account" as the heading; the title is the section's label (or the page's own).
 */
export function AccountFrame(props: FrameProps<AccountSection>) {
  const label = ACCOUNT_SECTIONS.find((item) => item.id === props.section)!.label;
  return (
    <Layout title={props.title ?? `${label} · Your account`} heading="Your account" area="account" {...shared(props)}>
      <AccountNotices disabled={props.viewer.disabledWebhooks ?? []} />
      {props.children}
    </Layout>
  );
}

/** The frame of every page of the admin console (`/console/...`): the section's label (or the page's title) as heading. */
export function AdminFrame(props: FrameProps<AdminSection>) {
  const heading = props.title ?? ADMIN_SECTIONS.find((item) => item.id === props.section)!.label;
  return (
    <Layout title={`${heading} · Admin`} heading={heading} area="admin" {...shared(props)}>
      {props.children}
    </Layout>
  );
}
