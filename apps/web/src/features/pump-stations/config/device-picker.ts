import type { PumpStationDetail, StationDeviceOptions } from '@water/contracts';
import type { StationConfigI18n } from './use-station-config-i18n.ts';

export type DeviceChoice = StationDeviceOptions['devices'][number];
export type MetricChoice = StationDeviceOptions['types'][number]['metrics'][number];

/**
 * The editor's view of the device picker's answer: the devices a station may map (with the ones its
 * configuration already names, should the picker's cap leave them out) and each one's metrics.
 */
export interface DevicePicker {
  loading: boolean;
  capped: boolean;
  options: { label: string; value: number }[];
  metricsOf: (deviceId: number | null | undefined) => MetricChoice[];
}

export function devicePicker(
  answer: StationDeviceOptions | undefined,
  loading: boolean,
  station: PumpStationDetail | null,
  i18n: StationConfigI18n,
): DevicePicker {
  const { t } = i18n;
  const devices = answer?.devices ?? [];
  const known = new Set(devices.map((d) => d.id));
  const where = (d: DeviceChoice) =>
    d.stationId === null
      ? t('stationConfig.device.free')
      : station && d.stationId === station.id
        ? t('stationConfig.device.here')
        : d.stationName;
  const options = devices.map((d) => ({ label: `${d.code} ${d.name} · ${where(d)}`, value: d.id }));
  // Devices the configuration names that the capped picker did not list: still shown by name.
  const named = [
    ...(station?.pumps ?? []).flatMap((p) =>
      p.controllerDeviceId === null
        ? []
        : [{ id: p.controllerDeviceId, label: `${p.controllerCode} ${p.controllerName}` }],
    ),
    ...(station?.sensors ?? []).map((s) => ({ id: s.deviceId, label: `${s.deviceCode} ${s.deviceName}` })),
  ];
  for (const { id, label } of named) {
    if (!known.has(id)) {
      known.add(id);
      options.push({ label, value: id });
    }
  }
  const types = new Map((answer?.types ?? []).map((type) => [type.id, type]));
  const typeOf = new Map(devices.map((d) => [d.id, d.typeId]));
  return {
    loading,
    capped: answer?.capped ?? false,
    options,
    metricsOf: (deviceId) => {
      const typeId = deviceId ? typeOf.get(deviceId) : undefined;
      return (typeId !== undefined ? types.get(typeId)?.metrics : undefined) ?? [];
    },
  };
}

/** A metric select's options, keeping a mapped key the model no longer lists visible. */
export function metricOptions(metrics: MetricChoice[], current: unknown) {
  const options = metrics.map((m) => ({
    label: m.unit ? `${m.name} (${m.key}, ${m.unit})` : `${m.name} (${m.key})`,
    value: m.key,
  }));
  if (typeof current === 'string' && current && !metrics.some((m) => m.key === current)) {
    options.push({ label: current, value: current });
  }
  return options;
}
