import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import type { MonitoringPoint } from '@water/contracts';
import { type ReactNode, useEffect, useId, useLayoutEffect, useState } from 'react';
import { type BoardRow, boardRows, type RegionGroup } from '../lib/board-groups.ts';
import type { GroupBase, GroupState } from '../lib/url-state.ts';
import type { MonitoringI18n } from '../use-monitoring-i18n.ts';
import { BoardGroupHeader } from './board-group-header.tsx';

/** The grid's geometry (monitoring.css): cards at least this wide, this far apart, stations indented. */
const CARD_MIN_WIDTH = 260;
const GAP = 12;
const STATION_INDENT = 12;
/** Rows of cards per virtual item: small enough to skip what is off screen, big enough to scroll few items. */
const ROWS_PER_SLICE = 2;
const REGION_HEADER_HEIGHT = 48;
const STATION_HEADER_HEIGHT = 40;

/** The width an element is laid out at, followed as it changes (0 where there is no layout). */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The board's groups as one virtual list scrolled by the window: only the headers and card rows
 * near the viewport are in the DOM, so 200 stations of 15 devices cost what one screen costs. Items
 * are measured as they render (a card's height follows its type's metrics); `estimateCard` guesses
 * the ones not drawn yet.
 */
export function PointBoard({
  regions,
  state,
  base,
  t,
  estimateCard,
  renderCard,
  onToggle,
}: {
  regions: RegionGroup[];
  state: GroupState;
  base: GroupBase;
  t: MonitoringI18n['t'];
  estimateCard: (point: MonitoringPoint) => number;
  renderCard: (point: MonitoringPoint) => ReactNode;
  onToggle: (key: string) => void;
}) {
  const idPrefix = useId();
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const width = useWidth(list);
  const columns = Math.max(1, Math.floor((width - STATION_INDENT + GAP) / (CARD_MIN_WIDTH + GAP)));
  const rows = boardRows(regions, state, base, columns * ROWS_PER_SLICE);

  // Where the list starts on the page: the header and filters above it scroll with the window.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    // The offsets down to the document, which (unlike a client rect) do not move as the window scrolls.
    let top = 0;
    for (let element: HTMLElement | null = list; element; element = element.offsetParent as HTMLElement | null) {
      top += element.offsetTop;
    }
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const estimateSize = (index: number) => {
    const row = rows[index] as BoardRow | undefined;
    if (!row) return STATION_HEADER_HEIGHT;
    if (row.kind === 'region') return REGION_HEADER_HEIGHT;
    if (row.kind === 'station') return STATION_HEADER_HEIGHT;
    let height = 0;
    for (let i = 0; i < row.points.length; i += columns) {
      height += Math.max(...row.points.slice(i, i + columns).map(estimateCard)) + GAP;
    }
    return height;
  };
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 4,
    scrollMargin,
    // A page kept alive in a hidden tab lays out nothing: a zero there is not the item's height.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || estimateSize(instance.indexFromElement(element)),
  });

  const groupId = (key: string) => `${idPrefix}-${key}`;
  const renderRow = (row: BoardRow): ReactNode => {
    switch (row.kind) {
      case 'region':
        return (
          <BoardGroupHeader
            level={2}
            name={row.region.name}
            tally={row.region.tally}
            open={row.open}
            t={t}
            onToggle={() => onToggle(row.key)}
          />
        );
      case 'station':
        return (
          <BoardGroupHeader
            level={3}
            name={row.station.name}
            tally={row.station.tally}
            open={row.open}
            controls={groupId(row.key)}
            t={t}
            onToggle={() => onToggle(row.key)}
          />
        );
      case 'cards':
        return (
          // A list named by its station: a screen reader hears whose cards these are and how many.
          <ul
            aria-label={row.station.name}
            id={row.first ? groupId(row.station.key) : undefined}
            className="monitoring-grid monitoring-grid--list"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {row.points.map((point) => (
              <li key={point.deviceId}>{renderCard(point)}</li>
            ))}
          </ul>
        );
    }
  };

  return (
    <div ref={setList} className="monitoring-board__list" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={`monitoring-board__row monitoring-board__row--${row.kind}`}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderRow(row)}
          </div>
        );
      })}
    </div>
  );
}
