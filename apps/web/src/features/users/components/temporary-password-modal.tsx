import { Alert, Button, Descriptions, Modal } from '@arco-design/web-react';
import { CopyableSecret } from '../../../shared/ui/copyable-secret.tsx';
import { useUsersI18n } from '../use-users-i18n.ts';

/** What the modal shows: whose password, and why (a new account or a reset). */
export type TemporaryPassword = { kind: 'created' | 'reset'; username: string; displayName: string; password: string };

/**
 * The temporary password of a new or reset account. The server never shows it again, so the modal
 * closes only through its button (not the mask) and says so.
 */
export function TemporaryPasswordModal({ value, onClose }: { value: TemporaryPassword | null; onClose: () => void }) {
  const { t } = useUsersI18n();
  return (
    <Modal
      visible={value !== null}
      title={t(value?.kind === 'reset' ? 'users.password.resetTitle' : 'users.password.createdTitle')}
      onCancel={onClose}
      maskClosable={false}
      unmountOnExit
      footer={
        <Button type="primary" onClick={onClose}>
          {t('users.password.done')}
        </Button>
      }
    >
      {value ? (
        <div className="users-password">
          <Descriptions
            column={1}
            size="small"
            colon=" "
            data={[
              { label: t('users.col.username'), value: value.username },
              { label: t('users.col.displayName'), value: value.displayName },
              {
                label: t('users.password.label'),
                value: <CopyableSecret value={value.password} label={t('users.password.label')} />,
              },
            ]}
          />
          <Alert type="warning" content={t('users.password.once')} />
        </div>
      ) : null}
    </Modal>
  );
}
