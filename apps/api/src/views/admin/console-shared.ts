import type { adminMemberJson } from '../../presenters/member.presenters';
import type { ChartSeries, ChartSpec } from '../components';
import { ADMIN_SECTIONS, sectionPath } from '../navigation';

/** What the console's pages share: the sections' paths, links to a member and to an address's bans, the charts' colours and labels. */
export type AdminMember = ReturnType<typeof adminMemberJson>;

export const MEMBERS = sectionPath(ADMIN_SECTIONS, 'members');
export const ABUSE = sectionPath(ADMIN_SECTIONS, 'abuse');
export const BANS = sectionPath(ADMIN_SECTIONS, 'bans');

export const COLORS = { blue: '#2563eb', red: '#dc2626', amber: '#b45309', green: '#047857' };

export const memberPath = (id: string) => `${MEMBERS}/${encodeURIComponent(id)}`;
export const bansOf = (ip: string) => `${BANS}?ip=${encodeURIComponent(ip)}`;

export const dayLabel = (iso: string) => iso.slice(5, 10);
export const hourLabel = (iso: string) => `${iso.slice(5, 10)} ${iso.slice(11, 13)}h`;
export const sum = (points: Array<{ value: number }>) => points.reduce((total, point) => total + point.value, 0);

type Points = Array<{ at: string; value: number }>;

/** A series of counts over time, in its colour. */
export const series = (label: string, points: Points, color: string): ChartSeries => ({
  label,
  data: points.map((point) => point.value),
  color,
});

/** A chart of counts over the same hours or days: `axis` labels the times of `points` (the series'). */
export function overTime(
  type: ChartSpec['type'],
  axis: (iso: string) => string,
  points: Points,
  datasets: ChartSeries[],
): ChartSpec {
  return { type, labels: points.map((point) => axis(point.at)), datasets };
}
