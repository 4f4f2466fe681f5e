import { IconCaretRight } from '@arco-design/web-react/icon';
import type { GroupTally } from '../lib/board-groups.ts';
import type { MonitoringI18n } from '../use-monitoring-i18n.ts';

/**
 * A group's header: a heading holding a disclosure button (the WAI-ARIA accordion pattern). The
 * tally is part of the button, so a collapsed station still says how it is doing, aloud as well.
 */
export function BoardGroupHeader({
  level,
  name,
  tally,
  open,
  controls,
  t,
  onToggle,
}: {
  level: 2 | 3;
  name: string;
  tally: GroupTally;
  open: boolean;
  /** The id of the group's first cards, while it is open. */
  controls?: string;
  t: MonitoringI18n['t'];
  onToggle: () => void;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  // Only what needs a look is shown beside the online count: a quiet station reads quietly.
  const marks = [
    { kind: 'online', n: tally.online, text: t('monitoring.realTime.tally.online', { n: tally.online }) },
    { kind: 'offline', n: tally.offline, text: t('monitoring.realTime.tally.offline', { n: tally.offline }) },
    { kind: 'stale', n: tally.stale, text: t('monitoring.realTime.tally.stale', { n: tally.stale }) },
    {
      kind: 'outOfRange',
      n: tally.outOfRange,
      text: t('monitoring.realTime.tally.outOfRange', { n: tally.outOfRange }),
    },
  ].filter((mark) => mark.kind === 'online' || mark.n > 0);
  return (
    <Heading className={`monitoring-group__heading monitoring-group__heading--${level}`}>
      <button
        type="button"
        className="monitoring-group__toggle"
        aria-expanded={open}
        aria-controls={open ? controls : undefined}
        onClick={onToggle}
      >
        <IconCaretRight className="monitoring-group__caret" aria-hidden />
        <span className="monitoring-group__title">{name}</span>
        <span className="monitoring-group__count">{t('monitoring.realTime.groupCount', { n: tally.total })}</span>
        <span className="monitoring-group__tally">
          {marks.map((mark) => (
            <span key={mark.kind} className={`monitoring-group__mark monitoring-group__mark--${mark.kind}`}>
              {mark.text}
            </span>
          ))}
        </span>
      </button>
    </Heading>
  );
}
