import { Button, Space } from '@arco-design/web-react';
import { IconPrinter } from '@arco-design/web-react/icon';
import type { Device } from '@water/contracts';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { encode } from 'uqr';
import { useDeviceTransferI18n } from '../use-device-transfer-i18n.ts';
import './device-labels-print.css';
import { QrSvg } from '../../../shared/ui/qr-svg.tsx';

type LabelDevice = Pick<Device, 'id' | 'code' | 'name' | 'typeName' | 'stationName'>;

/** The console address a label's QR code opens: the device's detail page. */
export function deviceAddress(code: string): string {
  return `${location.origin}${location.pathname}#/device/deviceDetail?code=${encodeURIComponent(code)}`;
}

/**
 * Printable QR labels of the chosen devices: code, name, type and station beside a code that opens
 * the device in the console. The list loads this lazily, so the QR encoder stays out of its chunk;
 * the print style sends only the labels to the paper, three to a row on A4.
 */
export default function DeviceLabelsPrint({ devices, onClose }: { devices: LabelDevice[]; onClose: () => void }) {
  const { t } = useDeviceTransferI18n();
  // Medium error correction: a label survives some dirt and scratches on a pump-room wall.
  const codes = useMemo(
    () => new Map(devices.map((d) => [d.code, encode(deviceAddress(d.code), { ecc: 'M' }).data])),
    [devices],
  );

  const none = t('deviceTransfer.labels.none');
  return createPortal(
    <div className="device-labels-print" role="dialog" aria-label={t('deviceTransfer.labels.title')}>
      <div className="device-labels-print__toolbar">
        <h2 className="device-labels-print__title">{t('deviceTransfer.labels.title')}</h2>
        <span className="device-labels-print__hint">{t('deviceTransfer.labels.hint', { n: devices.length })}</span>
        <Space>
          <Button type="primary" icon={<IconPrinter />} onClick={() => window.print()}>
            {t('deviceTransfer.labels.print')}
          </Button>
          <Button onClick={onClose}>{t('deviceTransfer.labels.close')}</Button>
        </Space>
      </div>
      <div className="device-labels-print__sheet">
        {devices.map((d) => (
          <article key={d.id} className="device-labels-print__label" aria-label={d.code}>
            <QrSvg
              className="device-labels-print__qr"
              modules={codes.get(d.code) ?? []}
              label={t('deviceTransfer.labels.qr', { code: d.code })}
            />
            <div className="device-labels-print__text">
              <span className="device-labels-print__code">{d.code}</span>
              <span className="device-labels-print__name">{d.name}</span>
              <span className="device-labels-print__meta">
                {t('deviceTransfer.labels.type', { value: d.typeName || none })}
              </span>
              <span className="device-labels-print__meta">
                {t('deviceTransfer.labels.station', { value: d.stationName || none })}
              </span>
            </div>
          </article>
        ))}
      </div>
    </div>,
    document.body,
  );
}
