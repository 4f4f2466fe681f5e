import { Alert, Button, Descriptions, Modal } from '@arco-design/web-react';
import { CopyableSecret } from '../../../shared/ui/copyable-secret.tsx';
import { useDeviceListI18n } from '../use-device-list-i18n.ts';

/** What the modal shows: whose secret, and why (a new device or a new secret). */
export type DeviceSecret = { kind: 'created' | 'rotated'; code: string; name: string; secret: string };

/**
 * A device's ingest secret. The server never shows it again, so the modal closes only through its
 * button (not the mask) and says so.
 */
export function DeviceSecretModal({ value, onClose }: { value: DeviceSecret | null; onClose: () => void }) {
  const { t } = useDeviceListI18n();
  return (
    <Modal
      visible={value !== null}
      title={t(value?.kind === 'rotated' ? 'deviceList.secret.rotatedTitle' : 'deviceList.secret.createdTitle')}
      onCancel={onClose}
      maskClosable={false}
      unmountOnExit
      footer={
        <Button type="primary" onClick={onClose}>
          {t('deviceList.secret.done')}
        </Button>
      }
    >
      {value ? (
        <div className="device-list-secret-body">
          <Descriptions
            column={1}
            size="small"
            colon=" "
            data={[
              { label: t('deviceList.col.code'), value: value.code },
              { label: t('deviceList.col.name'), value: value.name },
              {
                label: t('deviceList.secret.label'),
                value: <CopyableSecret value={value.secret} label={t('deviceList.secret.label')} />,
              },
            ]}
          />
          <Alert type="warning" content={t('deviceList.secret.once')} />
        </div>
      ) : null}
    </Modal>
  );
}
