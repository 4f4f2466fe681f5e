import type { LiveValue, PumpLive, PumpStationDetail, StationLive } from '@water/contracts';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { DIGITS, formatNumber, isUnmapped, levelZone, timeText, valueText, wellScale } from './live-format.ts';
import type { StationLiveI18n } from './use-station-live-i18n.ts';

/*
 * The station mimic, SCADA style: drawn from the station's configuration and live state, never from
 * a picture, so any station (1 to 20 pumps, any set-points) draws itself. Layout, in SVG units:
 *
 *   caption (state, last update)                                   rain gauge
 *   ════════════ discharge header ═══════════════════════════════▶ outlet (flow, pressure)
 *        ║ pump 1 box   ║ pump 2 box   …
 *   inflow ╗ ┌──────────────────────────────────┐
 *   scale  ║ │ 1# start/stop  2# start/stop     │ high / low / dry-run labels
 *   level▶ │ │~~~~~~~~~~~~ water ~~~~~~~~~~~~~~~│
 *          │ │   (P1)          (P2)      …      │
 *            └──────────────────────────────────┘
 *
 * Each pump has its column: its riser, its start and stop lines, its box of values. The drawing
 * widens with the pumps and scales to its container; beyond what stays legible it scrolls instead.
 */
/** A pump column's width: at least this, more when the container has room (up to PITCH_MAX). */
const PITCH = 150;
const PITCH_MAX = 230;
const SCALE_W = 140;
const INLET_W = 40;
const LABELS_W = 128;
const OUTLET_W = 200;
const HEADER_Y = 70;
const BOX_Y = 84;
const BOX_H = 88;
const WELL_TOP = 196;
const WELL_H = 250;
const WELL_BOTTOM = WELL_TOP + WELL_H;
const HEIGHT = WELL_BOTTOM + 34;
const WALL = 6;
const PUMP_R = 20;
/** An open-ended wrench about the pump's centre, jaw up (drawn turned 45°): a pump under maintenance. */
const WRENCH = 'M-2.5 12 V-0.6 A6 6 0 0 1 -2 -11.7 V-7.5 H2 V-11.7 A6 6 0 0 1 2.5 -0.6 V12 Z';
/** Below this scale text gets too small to read: the drawing scrolls instead of shrinking further. */
const MIN_SCALE = 0.72;
const LABEL_GAP = 13;

const FIXED_W = SCALE_W + INLET_W + 16 + LABELS_W + OUTLET_W;

/**
 * The pump columns' width for a container `room` px wide: the drawing fills it at about its natural
 * size (12 px text stays 12 px) rather than being stretched, so a station of 2 pumps does not draw
 * them as big as a wall; never narrower than PITCH.
 */
export function pitchFor(pumps: number, room: number): number {
  if (!room) return PITCH;
  return Math.min(PITCH_MAX, Math.max(PITCH, Math.floor((room - FIXED_W) / Math.max(pumps, 1))));
}

/** A step for the scale's ticks: about five of them, at 0.5, 1, 2 or 5 times a power of ten. */
function tickStep(scale: number): number {
  const raw = scale / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  return step / 2 >= raw ? step / 2 : step;
}

/** Labels at their ideal heights, pushed apart so none overlaps the next (kept inside [top, bottom]). */
export function declutter(ideal: number[], top: number, bottom: number, gap = LABEL_GAP): number[] {
  const order = ideal.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const placed = order.map((o) => o.y);
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k] as number, (placed[k - 1] as number) + gap);
  const overflow = (placed[placed.length - 1] ?? 0) - bottom;
  if (overflow > 0) for (let k = 0; k < placed.length; k++) placed[k] = (placed[k] as number) - overflow;
  for (let k = placed.length - 2; k >= 0; k--)
    placed[k] = Math.min(placed[k] as number, (placed[k + 1] as number) - gap);
  if ((placed[0] ?? top) < top) {
    placed[0] = top;
    for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k] as number, (placed[k - 1] as number) + gap);
  }
  const out = new Array<number>(ideal.length);
  order.forEach((o, k) => {
    out[o.i] = placed[k] as number;
  });
  return out;
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface MimicProps {
  station: StationLive;
  /** The configuration: which sensors are mapped, the pressure gauge's unit, drives. */
  config?: PumpStationDetail;
  i18n: StationLiveI18n;
  now: number;
}

/** The width of an element, following it as it resizes. */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function StationMimic({ station: s, config, i18n, now }: MimicProps) {
  const { t, locale } = i18n;
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [ref, room] = useWidth();
  const none = t('live.none');
  const n = Math.max(s.pumps.length, 1);
  const pitch = pitchFor(n, room);
  const width = FIXED_W + n * pitch;
  const wellX0 = SCALE_W;
  const wellX1 = SCALE_W + INLET_W + n * pitch + 16;
  const outletX = wellX1 + LABELS_W;
  const scale = wellScale(s);
  const y = (m: number) => WELL_BOTTOM - (Math.min(Math.max(m, 0), scale) / scale) * WELL_H;
  const m = (v: number) => formatNumber(v, locale, DIGITS.level);
  const level = s.level;
  const zone = levelZone(s);
  const ratio = level.value === null ? 0 : Math.min(Math.max(level.value / scale, 0), 1);
  const mapped = (role: 'rain' | 'outlet_pressure' | 'flow', v: LiveValue) =>
    config ? config.sensors.some((x) => x.role === role) : !isUnmapped(v);
  const pressureUnit = config?.sensors.find((x) => x.role === 'outlet_pressure')?.unit || 'MPa';

  const step = tickStep(scale);
  const ticks: number[] = [];
  for (let v = 0; v <= scale + 1e-9; v += step) ticks.push(Math.round(v * 1000) / 1000);

  // Set-points across the whole well, labelled outside its right wall.
  const alarms = [
    { kind: 'high', value: s.setPoints.highAlarm, text: (v: string) => t('live.mimic.high', { level: v }) },
    { kind: 'low', value: s.setPoints.lowAlarm, text: (v: string) => t('live.mimic.low', { level: v }) },
    {
      kind: 'protection',
      value: s.setPoints.protection,
      text: (v: string) => t('live.mimic.protection', { level: v }),
    },
  ].flatMap((a) => (a.value === null ? [] : [{ ...a, value: a.value }]));
  const alarmLabelY = declutter(
    alarms.map((a) => y(a.value) + 4),
    WELL_TOP + 10,
    WELL_BOTTOM - 2,
  );

  const stateText = t(`live.state.${s.state}`);
  const levelText = level.value === null ? none : `${m(level.value)} m`;
  const label = t('live.mimic.label', {
    name: s.name,
    state: stateText,
    level: level.value !== null && level.stale ? t('live.staleValue', { value: levelText }) : levelText,
    running: s.pumpsRunning,
    total: s.pumpsTotal,
  });

  const flowMapped = mapped('flow', s.flow);
  const pressureMapped = mapped('outlet_pressure', s.pressure);
  const rainMapped = mapped('rain', s.rain);

  return (
    <div className="mimic" ref={ref}>
      <svg
        className={`mimic__svg mimic--${s.state}`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={label}
        style={{ minWidth: Math.round(width * MIN_SCALE) }}
        preserveAspectRatio="xMidYMin meet"
      >
        <defs>
          <pattern id={`${uid}-hatch`} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
            <rect width="6" height="6" className="mimic__hatch-bg" />
            <line x1="0" y1="0" x2="0" y2="6" className="mimic__hatch-line" />
          </pattern>
          <marker
            id={`${uid}-arrow`}
            viewBox="0 0 10 10"
            refX="6"
            refY="5"
            markerUnits="userSpaceOnUse"
            markerWidth="18"
            markerHeight="18"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="mimic__arrow" />
          </marker>
          <clipPath id={`${uid}-well`}>
            <rect x={wellX0 + WALL} y={WELL_TOP} width={wellX1 - wellX0 - 2 * WALL} height={WELL_H} />
          </clipPath>
        </defs>

        {/* Caption: the station's state and its newest reading. */}
        <g className="mimic__caption">
          <rect
            x="4"
            y="10"
            width="10"
            height="10"
            rx="5"
            className={`mimic__state-dot mimic__state-dot--${s.state}`}
          />
          <text x="22" y="20" className="mimic__caption-state">
            {stateText}
          </text>
          <text x="22" y="38" className="mimic__muted">
            {s.lastUpdate ? t('live.mimic.updated', { time: timeText(s.lastUpdate, locale, now) }) : t('live.never')}
          </text>
        </g>

        {rainMapped ? (
          <RainGauge x={SCALE_W + INLET_W + 60} value={s.rain} i18n={i18n} now={now} label={t('live.rain')} />
        ) : null}

        {/* Inflow: over the left wall into the inlet bay. */}
        <g className="mimic__inflow">
          <path
            d={`M0 ${WELL_TOP - 26} H${wellX0 + INLET_W / 2} V${WELL_TOP + 34}`}
            className="mimic__pipe"
            markerEnd={`url(#${uid}-arrow)`}
          />
          <text x="4" y={WELL_TOP - 38} className="mimic__muted">
            {t('live.mimic.inflow')}
          </text>
        </g>

        {/* The wet well: walls, water, scale. */}
        <g className="mimic__well">
          <g clipPath={`url(#${uid}-well)`}>
            <rect
              x={wellX0}
              y={WELL_TOP}
              width={wellX1 - wellX0}
              height={WELL_H}
              className={`mimic__water mimic__water--${zone}`}
              style={{ transform: `scaleY(${ratio})` }}
            />
            <line
              x1={wellX0}
              x2={wellX1}
              y1={WELL_BOTTOM}
              y2={WELL_BOTTOM}
              className={`mimic__surface mimic__surface--${zone}`}
              style={{ transform: `translateY(${-ratio * WELL_H}px)` }}
              visibility={level.value === null ? 'hidden' : undefined}
            />
          </g>
          <path d={`M${wellX0} ${WELL_TOP - 8} V${WELL_BOTTOM} H${wellX1} V${WELL_TOP - 8}`} className="mimic__wall" />
          <text x={wellX1 - 10} y={WELL_BOTTOM - 10} textAnchor="end" className="mimic__muted">
            {t('live.mimic.wetWell')}
          </text>
          {ticks.map((v) => (
            <g key={v}>
              <line x1={wellX0 - 8} x2={wellX0 - 2} y1={y(v)} y2={y(v)} className="mimic__tick" />
              <text x={wellX0 - 12} y={y(v) + 4} textAnchor="end" className="mimic__tick-label">
                {formatNumber(v, locale, step < 1 ? 1 : 0)}
                {v === ticks[ticks.length - 1] ? ' m' : ''}
              </text>
            </g>
          ))}
        </g>

        {/* Alarm and protection levels, across the well. */}
        {alarms.map((a, i) => (
          <g key={a.kind} className={`mimic__setpoint mimic__setpoint--${a.kind}`}>
            <line x1={wellX0 + WALL} x2={wellX1 + 4} y1={y(a.value)} y2={y(a.value)} />
            <text x={wellX1 + 8} y={alarmLabelY[i]}>
              {a.text(m(a.value))}
            </text>
          </g>
        ))}

        {/* The level pointer on the scale. */}
        {level.value !== null ? (
          <g
            className={`mimic__level-tag mimic__level-tag--${zone}${level.stale ? ' mimic__value--stale' : ''}`}
            style={{ transform: `translateY(${y(level.value)}px)` }}
          >
            <path d="M4 -12 H76 L90 0 L76 12 H4 Z" />
            <text x="40" y="5" textAnchor="middle">
              {levelText}
            </text>
            {level.ts ? (
              <text x="40" y="28" textAnchor="middle" className="mimic__time">
                {level.stale ? `${t('live.mimic.stale')} · ` : ''}
                {timeText(level.ts, locale, now)}
              </text>
            ) : null}
          </g>
        ) : null}

        {/* Discharge header to the outlet. */}
        <path
          d={`M${wellX0 + INLET_W + 24} ${HEADER_Y} H${width - 12}`}
          className="mimic__pipe mimic__pipe--header"
          markerEnd={`url(#${uid}-arrow)`}
        />
        <text x={outletX - 8} y={HEADER_Y - 12} textAnchor="end" className="mimic__muted">
          {t('live.mimic.header')}
        </text>

        {s.pumps.map((p, i) => (
          <PumpGroup
            key={p.id}
            pump={p}
            x={wellX0 + INLET_W + i * pitch}
            pitch={pitch}
            y={y}
            uid={uid}
            i18n={i18n}
            now={now}
            drive={config?.pumps.find((c) => c.number === p.number)?.drive ?? p.drive}
          />
        ))}

        <Outlet
          x={outletX}
          flow={flowMapped ? s.flow : null}
          pressure={pressureMapped ? s.pressure : null}
          pressureUnit={pressureUnit}
          i18n={i18n}
          now={now}
        />
      </svg>
    </div>
  );
}

function PumpGroup({
  pump: p,
  x,
  pitch,
  y,
  uid,
  i18n,
  now,
  drive,
}: {
  pump: PumpLive;
  x: number;
  pitch: number;
  y: (m: number) => number;
  uid: string;
  i18n: StationLiveI18n;
  now: number;
  drive: 'fixed' | 'vfd';
}) {
  const { t, locale } = i18n;
  const none = t('live.none');
  const riser = x + 24;
  const cy = WELL_BOTTOM - 30;
  const offline = p.state === 'offline';
  const stale = (v: LiveValue) => offline || (v.value !== null && v.stale);
  const value = (v: LiveValue, digits: number, unit: string) => valueText(v, locale, digits, unit, none);
  const spoken = (v: LiveValue, digits: number, unit: string) =>
    stale(v) && v.value !== null ? t('live.staleValue', { value: value(v, digits, unit) }) : value(v, digits, unit);
  const stateText = t(`live.pump.${p.state}`);
  const title = p.name ? `${p.number}# ${p.name}` : `${p.number}#`;
  const label = t('live.mimic.pumpLabel', {
    number: p.number,
    name: p.name,
    state: stateText,
    frequency: spoken(p.frequency, DIGITS.frequency, 'Hz'),
    current: spoken(p.current, DIGITS.current, 'A'),
    runHours: spoken(p.runHours, DIGITS.runHours, 'h'),
  });

  const lines = [
    p.startLevel === null
      ? null
      : {
          kind: 'start',
          value: p.startLevel,
          text: t('live.mimic.start', { number: p.number, level: formatNumber(p.startLevel, locale, DIGITS.level) }),
        },
    p.stopLevel === null
      ? null
      : {
          kind: 'stop',
          value: p.stopLevel,
          text: t('live.mimic.stop', { number: p.number, level: formatNumber(p.stopLevel, locale, DIGITS.level) }),
        },
  ].filter((l): l is { kind: string; value: number; text: string } => l !== null);
  const labelY = declutter(
    lines.map((l) => y(l.value) - 4),
    WELL_TOP + 12,
    cy - PUMP_R - 4,
  );
  const newest = [p.running, p.fault, p.frequency, p.current, p.runHours]
    .map((v) => v.ts)
    .filter((ts): ts is string => ts !== null)
    .sort()
    .pop();

  const rows: { text: string; stale: boolean }[] = [
    ...(drive === 'vfd' || !isUnmapped(p.frequency)
      ? [{ text: value(p.frequency, DIGITS.frequency, 'Hz'), stale: stale(p.frequency) }]
      : []),
    { text: value(p.current, DIGITS.current, 'A'), stale: stale(p.current) },
    { text: value(p.runHours, DIGITS.runHours, 'h'), stale: stale(p.runHours) },
  ];

  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group has no semantic element of its own; the pump's name and values are its label
    <g className={`mimic-pump mimic-pump--${p.state}`} role="group" aria-label={label}>
      <title>{newest ? `${label}\n${t('live.mimic.updated', { time: timeText(newest, locale, now) })}` : label}</title>
      {lines.map((l, i) => (
        <g key={l.kind} className={`mimic__setpoint mimic__setpoint--${l.kind}`}>
          <line x1={x + 6} x2={x + pitch - 10} y1={y(l.value)} y2={y(l.value)} />
          <text x={riser + 10} y={labelY[i]} className="mimic__halo">
            {l.text}
          </text>
        </g>
      ))}
      <path d={`M${riser} ${cy - PUMP_R} V${HEADER_Y}`} className="mimic__pipe mimic-pump__riser" />
      {/* The check valve on the riser, above the deck: open (filled) while the pump delivers. */}
      <path
        d={`M${riser - 7} ${WELL_TOP - 22} L${riser + 7} ${WELL_TOP - 10} V${WELL_TOP - 22} L${riser - 7} ${WELL_TOP - 10} Z`}
        className="mimic-pump__valve"
      />
      <g transform={`translate(${riser} ${cy})`}>
        <circle r={PUMP_R} className="mimic-pump__body" fill={offline ? `url(#${uid}-hatch)` : undefined} />
        {p.state === 'maintenance' ? (
          // Locked out for maintenance: a wrench where the impeller would turn.
          <path d={WRENCH} transform="rotate(45)" className="mimic-pump__wrench" />
        ) : (
          <g className="mimic-pump__impeller">
            <circle r={PUMP_R - 5} className="mimic-pump__hub-area" />
            {[0, 120, 240].map((angle) => (
              <path key={angle} d="M0 0 C4 -6 9 -9 13 -9 C10 -5 6 -2 0 0 Z" transform={`rotate(${angle})`} />
            ))}
            <circle r="3" className="mimic-pump__hub" />
          </g>
        )}
      </g>
      <text x={riser - PUMP_R - 6} y={cy + 5} textAnchor="end" className="mimic-pump__number mimic__halo">
        {p.number}#
      </text>

      <g className="mimic-pump__box">
        <rect x={riser + 12} y={BOX_Y} width={Math.min(pitch - 44, 150)} height={BOX_H} rx="4" />
        <text x={riser + 20} y={BOX_Y + 17} className="mimic-pump__title">
          {shorten(title, pitch > 180 ? 16 : 11)}
        </text>
        <text x={riser + 20} y={BOX_Y + 34} className="mimic-pump__state">
          {stateText}
          <tspan className="mimic__muted"> · {t(drive === 'vfd' ? 'live.mimic.vfd' : 'live.mimic.fixed')}</tspan>
        </text>
        {rows.map((r, i) => (
          <text
            key={r.text + String(i)}
            x={riser + 20}
            y={BOX_Y + 51 + i * 15}
            className={`mimic-pump__value${r.stale ? ' mimic__value--stale' : ''}`}
          >
            {r.text}
          </text>
        ))}
      </g>
    </g>
  );
}

function Outlet({
  x,
  flow,
  pressure,
  pressureUnit,
  i18n,
  now,
}: {
  x: number;
  flow: LiveValue | null;
  pressure: LiveValue | null;
  pressureUnit: string;
  i18n: StationLiveI18n;
  now: number;
}) {
  const { t, locale } = i18n;
  const none = t('live.none');
  const rows = [
    flow
      ? { key: 'flow', label: t('live.flow'), v: flow, text: valueText(flow, locale, DIGITS.flow, 'm³/h', none) }
      : null,
    pressure
      ? {
          key: 'pressure',
          label: t('live.pressure'),
          v: pressure,
          text: valueText(pressure, locale, DIGITS.pressure, pressureUnit, none),
        }
      : null,
  ].filter((r) => r !== null);
  return (
    <g className="mimic__outlet">
      {pressure ? (
        <g
          transform={`translate(${x + 36} ${HEADER_Y})`}
          className={pressure.stale ? 'mimic__value--stale' : undefined}
        >
          <line y1="0" y2="-14" className="mimic__pipe mimic__pipe--thin" />
          <circle cy="-24" r="11" className="mimic__gauge" />
          <line x1="0" y1="-24" x2="6" y2="-30" className="mimic__needle" />
        </g>
      ) : null}
      {flow ? (
        <g transform={`translate(${x + 96} ${HEADER_Y})`} className={flow.stale ? 'mimic__value--stale' : undefined}>
          <rect x="-12" y="-10" width="24" height="20" rx="3" className="mimic__gauge" />
          <text y="4" textAnchor="middle" className="mimic__gauge-text">
            F
          </text>
        </g>
      ) : null}
      <text x={x + 16} y={BOX_Y + 16} className="mimic__outlet-title">
        {t('live.mimic.outlet')}
      </text>
      {rows.map((r, i) => (
        <g key={r.key} className={r.v.value !== null && r.v.stale ? 'mimic__value--stale' : undefined}>
          <text x={x + 16} y={BOX_Y + 40 + i * 56} className="mimic__muted">
            {r.label}
          </text>
          <text x={x + 16} y={BOX_Y + 60 + i * 56} className="mimic__figure">
            {r.text}
          </text>
          {r.v.ts ? (
            <text x={x + 16} y={BOX_Y + 76 + i * 56} className="mimic__time">
              {r.v.stale ? `${t('live.mimic.stale')} · ` : ''}
              {timeText(r.v.ts, locale, now)}
            </text>
          ) : null}
        </g>
      ))}
    </g>
  );
}

function RainGauge({
  x,
  value,
  i18n,
  now,
  label,
}: {
  x: number;
  value: LiveValue;
  i18n: StationLiveI18n;
  now: number;
  label: string;
}) {
  const { t, locale } = i18n;
  const stale = value.value !== null && value.stale;
  return (
    <g className={`mimic__rain${stale ? ' mimic__value--stale' : ''}`} transform={`translate(${x} 6)`}>
      <path d="M8 22 a8 8 0 0 1 3 -15 a10 10 0 0 1 19 2 a7 7 0 0 1 0 13 z" className="mimic__cloud" />
      {[12, 20, 28].map((dx) => (
        <line key={dx} x1={dx} y1="26" x2={dx - 3} y2="34" className="mimic__drop" />
      ))}
      <text x="46" y="14" className="mimic__muted">
        {label}
      </text>
      <text x="46" y="32" className="mimic__figure mimic__figure--small">
        {valueText(value, locale, DIGITS.rain, 'mm/h', t('live.none'))}
      </text>
      {value.ts ? (
        <text x="46" y="48" className="mimic__time">
          {stale ? `${t('live.mimic.stale')} · ` : ''}
          {timeText(value.ts, locale, now)}
        </text>
      ) : null}
    </g>
  );
}
