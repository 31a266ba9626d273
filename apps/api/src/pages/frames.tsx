import type { ComponentChildren, FunctionComponent } from 'preact';
import type { StatusMessage } from '../views/components';
import { AccountFrame, AdminFrame } from '../views/frame';
import { renderPage } from '../views/render';
import type { Viewer } from './viewer.decorator';

/** What a page may add to its frame: its own title, the charts' script, a status line. */
export interface FrameOptions {
  title?: string;
  charts?: boolean;
  status?: StatusMessage;
}

type Frame<Section> = FunctionComponent<
  { viewer: Viewer; section: Section; children: ComponentChildren } & FrameOptions
>;

/** A whole page: `children` in `Frame` with the section `section` of its navigation. */
const framed =
  <Section,>(Frame: Frame<Section>) =>
  (viewer: Viewer, section: Section, children: ComponentChildren, options: FrameOptions = {}): string =>
    renderPage(
      <Frame viewer={viewer} section={section} {...options}>
        {children}
      </Frame>,
    );

/** A page of the account area (`/dashboard/...`) in its frame. */
export const accountPage = framed(AccountFrame);

/** A page of the admin console (`/console/...`) in its frame. */
export const adminPage = framed(AdminFrame);
