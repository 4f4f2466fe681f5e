import { Tooltip } from '@arco-design/web-react';
import type { StationLiveSummary } from '@water/contracts';
import { DIGITS, formatNumber, levelZone, wellScale } from './live-format.ts';
import type { StationLiveI18n } from './use-station-live-i18n.ts';

type Mark = { kind: 'high' | 'low' | 'protection' | 'start'; value: number; label: string };

/** The set-points a level bar marks: the alarms, dry-run protection and each pump's start level. */
export function levelMarks(station: Pick<StationLiveSummary, 'setPoints' | 'pumps'>, t: StationLiveI18n['t']): Mark[] {
  const { highAlarm, lowAlarm, protection } = station.setPoints;
  const marks: Mark[] = [];
  if (highAlarm !== null) marks.push({ kind: 'high', value: highAlarm, label: t('live.mark.high') });
  if (lowAlarm !== null) marks.push({ kind: 'low', value: lowAlarm, label: t('live.mark.low') });
  if (protection !== null) marks.push({ kind: 'protection', value: protection, label: t('live.mark.protection') });
  for (const p of station.pumps) {
    if (p.startLevel !== null)
      marks.push({ kind: 'start', value: p.startLevel, label: t('live.mark.start', { number: p.number }) });
  }
  return marks;
}

/**
 * The wet-well level as a bar over the well's depth, with the alarm levels, dry-run protection and
 * each pump's start level marked: a level near a pump's start tells the operator what comes next.
 * A meter for assistive technology, named after the station; a stale level is grey and says so.
 */
export function LevelBar({
  station,
  i18n,
  orientation,
}: {
  station: StationLiveSummary;
  i18n: StationLiveI18n;
  orientation: 'vertical' | 'horizontal';
}) {
  const { t, locale } = i18n;
  const scale = wellScale(station);
  const zone = levelZone(station);
  const pct = (v: number) => `${Math.min(100, Math.max(0, (v / scale) * 100))}%`;
  const { value, stale } = station.level;
  const text = value === null ? t('live.none') : `${formatNumber(value, locale, DIGITS.level)} m`;
  const marks = levelMarks(station, t);
  const side = orientation === 'vertical' ? 'bottom' : 'left';
  const size = orientation === 'vertical' ? 'height' : 'width';
  const tip = (
    <dl className="level-bar__tip">
      <div>
        <dt>{t('live.levelScale', { depth: formatNumber(scale, locale, 1) })}</dt>
      </div>
      {[...marks]
        .sort((a, b) => b.value - a.value)
        .map((m) => (
          <div key={`${m.kind}${m.label}`}>
            <dt>
              <span className={`level-bar__swatch level-bar__swatch--${m.kind}`} aria-hidden />
              {m.label}
            </dt>
            <dd>{formatNumber(m.value, locale, DIGITS.level)} m</dd>
          </div>
        ))}
    </dl>
  );
  return (
    <Tooltip content={tip} position={orientation === 'vertical' ? 'right' : 'top'} mini>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> draws its own bar and cannot hold the set-point marks */}
      <div
        className={`level-bar level-bar--${orientation} level-bar--${zone}`}
        role="meter"
        aria-label={t('live.levelOf', { name: station.name })}
        aria-valuemin={0}
        aria-valuemax={scale}
        aria-valuenow={value ?? undefined}
        aria-valuetext={value !== null && stale ? t('live.staleValue', { value: text }) : text}
      >
        <div className="level-bar__fill" style={{ [size]: value === null ? 0 : pct(value) }} />
        {marks.map((m) => (
          <span
            key={`${m.kind}${m.label}`}
            className={`level-bar__mark level-bar__mark--${m.kind}`}
            style={{ [side]: pct(m.value) }}
          />
        ))}
      </div>
    </Tooltip>
  );
}
