import type { MapConfig } from '@water/contracts';
import {
  type LayerSpecification,
  Map as MapLibreMap,
  NavigationControl,
  ScaleControl,
  type StyleSpecification,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-base.css';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider.tsx';

// MapLibre looks for its worker beside its own module, which the bundle renames: the build emits the
// worker as an asset of its own and says where it is.
setWorkerUrl(workerUrl);

export const isDarkTheme = () => document.body.getAttribute('arco-theme') === 'dark';

/** Arco's page greys: the ground every console map draws on when there is no base map, or under it. */
export const groundColor = (dark: boolean) => (dark ? '#17171a' : '#f2f3f5');

/** Arco's primary blue, lighter on the dark theme (Arco's dark palette does the same). */
export const primaryColor = (dark: boolean) => (dark ? '#3c7eff' : '#165DFF');

/** The outline around points, so they read on any ground. */
export const strokeColor = (dark: boolean) => (dark ? '#232324' : '#ffffff');

/**
 * An Arco colour variable (`--green-6`, an "r, g, b" triplet on <body>) as a colour MapLibre
 * takes; the fallback where the stylesheet is absent (tests).
 */
export function themeColor(variable: string, fallback: string): string {
  const value = getComputedStyle(document.body).getPropertyValue(variable).trim();
  return value ? `rgb(${value})` : fallback;
}

/** What a map adds to the ground and the base map: its sources and layers, in drawing order. */
export interface MapLayers {
  sources: StyleSpecification['sources'];
  layers: LayerSpecification[];
}

/**
 * The console's style: a plain ground (the console runs offline), the configured raster base map
 * above it when there is one, and the caller's layers on top.
 */
export function consoleStyle(config: MapConfig, dark: boolean, own: MapLayers): StyleSpecification {
  const sources: StyleSpecification['sources'] = {};
  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': groundColor(dark) } },
  ];
  if (config.tileUrl) {
    sources.base = { type: 'raster', tiles: [config.tileUrl], tileSize: 256 };
    layers.push({ id: 'base', type: 'raster', source: 'base' });
  }
  return { version: 8, sources: { ...sources, ...own.sources }, layers: [...layers, ...own.layers] };
}

export interface UseMapLibreOptions {
  config: MapConfig;
  /** The map's own sources and layers, in the theme's colours at creation. */
  layers: (dark: boolean) => MapLayers;
  /** Colours of the map's own layers: run once loaded and again at every theme switch. */
  paint: (map: MapLibreMap, dark: boolean) => void;
  /** Events and anything else the map needs once it exists; may return its undoing. */
  setup?: (map: MapLibreMap) => (() => void) | undefined;
  /** More of MapLibre's control texts (`Popup.Close`…) in the console's language. */
  labels?: Record<string, string>;
}

export interface MapLibreHandle {
  container: RefObject<HTMLDivElement | null>;
  map: RefObject<MapLibreMap | null>;
  /** The style has loaded: sources can take data. */
  ready: boolean;
  /** MapLibre could not start (no WebGL: an old browser, a locked-down desktop). */
  failed: boolean;
}

/**
 * One MapLibre map on the returned container, built once per tile URL and language (the control
 * labels are fixed at creation); everything else reaches it through `map` once `ready`. It follows
 * the console's light and dark themes. The modules that use it load lazily, so MapLibre stays out
 * of every other chunk.
 */
export function useMapLibre(options: UseMapLibreOptions): MapLibreHandle {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // Callbacks are read when they run, so a caller's new closures never rebuild the map.
  const latest = useRef(options);
  latest.current = options;
  const { t, locale } = useI18n();
  const { tileUrl } = options.config;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once per tile URL and language; later options flow through `latest`.
  useEffect(() => {
    if (!container.current) return;
    const { config, layers, labels } = latest.current;
    const dark = isDarkTheme();
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: container.current,
        style: consoleStyle(config, dark, layers(dark)),
        center: [config.center[0] ?? 0, config.center[1] ?? 0],
        zoom: config.zoom,
        attributionControl: false,
        // MapLibre's control names in the console's language (its own are English only).
        locale: {
          'Map.Title': t('a11y.map.title'),
          'NavigationControl.ZoomIn': t('a11y.map.zoomIn'),
          'NavigationControl.ZoomOut': t('a11y.map.zoomOut'),
          'NavigationControl.ResetBearing': t('a11y.map.resetBearing'),
          ...labels,
        },
      });
    } catch {
      setFailed(true);
      return;
    }
    map.current = instance;
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    instance.addControl(new ScaleControl({}), 'bottom-left');
    const repaint = () => {
      const now = isDarkTheme();
      instance.setPaintProperty('background', 'background-color', groundColor(now));
      latest.current.paint(instance, now);
    };
    instance.on('load', () => {
      repaint();
      setReady(true);
    });
    const undo = latest.current.setup?.(instance);
    const observer = new MutationObserver(() => {
      if (instance.isStyleLoaded()) repaint();
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme'] });
    return () => {
      observer.disconnect();
      undo?.();
      map.current = null;
      setReady(false);
      instance.remove();
    };
  }, [tileUrl, locale]);

  return { container, map, ready, failed };
}
