import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  Message,
  Modal,
  Select,
  Table,
  type TableColumnProps,
  Tag,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { CAMERA_PUBLIC_PATH, CAMERA_SHARE_DEFAULT_MINUTES, type Camera, type CameraShare } from '@water/contracts';
import { useMemo, useState } from 'react';
import { encode } from 'uqr';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { CopyableSecret } from '../../../shared/ui/copyable-secret.tsx';
import { QrSvg } from '../../../shared/ui/qr-svg.tsx';
import { ConfirmAction } from '../../../shared/ui/row-actions.tsx';
import { registryQueries, useCreateShare, useRevokeShare } from './registry-queries.ts';
import { type RegistryI18n, useRegistryI18n } from './use-registry-i18n.ts';

/** The validities offered, in minutes: half an hour to a week (the contract allows 5 minutes to 7 days). */
export const SHARE_MINUTES = [30, 60, 240, 1440, 10080] as const;
type ShareMinutes = (typeof SHARE_MINUTES)[number];

/** The console address a link opens: the public camera page with the link's token. */
export function shareAddress(token: string): string {
  return `${location.origin}${location.pathname}#${CAMERA_PUBLIC_PATH}?token=${encodeURIComponent(token)}`;
}

type ShareState = 'active' | 'expired' | 'revoked';
const stateOf = (share: CameraShare, now: number): ShareState =>
  share.revokedAt ? 'revoked' : Date.parse(share.expiresAt) <= now ? 'expired' : 'active';
const STATE_COLOR: Record<ShareState, string> = { active: 'green', expired: 'gray', revoked: 'orangered' };

/** The link as a QR code, for a phone. */
function QrCode({ text, label }: { text: string; label: string }) {
  const modules = useMemo(() => encode(text, { ecc: 'M' }).data, [text]);
  return <QrSvg className="cam-share__qr" modules={modules} label={label} />;
}

/**
 * A camera's public links (video:camera:share): make one for a while and for someone, shown once
 * with a copy button and a QR code; below, the links made, with revoke for the active ones.
 */
export function CameraShareDialog({ camera, onClose }: { camera: Camera | null; onClose: () => void }) {
  const i18n = useRegistryI18n();
  const { t } = i18n;
  const title = camera ? t('cam.shareDialog.title', { name: camera.name }) : '';
  return (
    <Modal
      visible={camera !== null}
      title={title}
      onCancel={onClose}
      unmountOnExit
      maskClosable={false}
      style={{ width: 720, maxWidth: 'calc(100vw - 32px)' }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('cam.shareDialog.close')}
        </Button>
      }
    >
      {camera ? <ShareBody key={camera.id} i18n={i18n} camera={camera} /> : null}
    </Modal>
  );
}

function ShareBody({ i18n, camera }: { i18n: RegistryI18n; camera: Camera }) {
  const { t, locale } = i18n;
  const [minutes, setMinutes] = useState<ShareMinutes>(CAMERA_SHARE_DEFAULT_MINUTES as ShareMinutes);
  const [note, setNote] = useState('');
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null);
  const create = useCreateShare(camera.id, locale);
  const revoke = useRevokeShare(camera.id, locale);
  const shares = useQuery(registryQueries.shares(camera.id, locale));
  const now = Date.now();

  const onCreate = () =>
    create.mutateAsync({ minutes, note: note.trim() }).then(
      (share) => setMade({ url: shareAddress(share.token), expiresAt: share.expiresAt }),
      // The request layer shows the refusal.
      () => undefined,
    );

  const columns: TableColumnProps<CameraShare>[] = [
    { title: t('cam.shareDialog.col.createdBy'), dataIndex: 'createdBy', width: 110, ellipsis: true },
    {
      title: t('cam.shareDialog.col.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (_, share) => share.note || <span className="cam-muted">—</span>,
    },
    {
      title: t('cam.shareDialog.col.expires'),
      dataIndex: 'expiresAt',
      width: 150,
      render: (_, share) => formatDateTime(share.expiresAt, locale),
    },
    {
      title: t('cam.shareDialog.col.state'),
      dataIndex: 'revokedAt',
      width: 90,
      render: (_, share) => {
        const state = stateOf(share, now);
        return (
          <Tag size="small" color={STATE_COLOR[state]}>
            {t(`cam.shareDialog.state.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('cam.shareDialog.col.actions'),
      dataIndex: 'id',
      width: 90,
      render: (_, share) =>
        stateOf(share, now) === 'active' ? (
          <ConfirmAction
            danger
            text={t('cam.shareDialog.revoke')}
            label={t('cam.shareDialog.revokeLabel', { time: formatDateTime(share.expiresAt, locale) })}
            question={t('cam.shareDialog.revokeQuestion')}
            hint={t('cam.shareDialog.revokeHint')}
            onConfirm={() =>
              revoke.mutateAsync(share.id).then(
                () => Message.success(t('cam.shareDialog.revoked')),
                // The request layer shows the refusal.
                () => undefined,
              )
            }
          />
        ) : null,
    },
  ];

  return (
    <div className="cam-share">
      <p className="cam-share__hint">{t('cam.shareDialog.hint')}</p>
      {camera.enabled ? (
        <Form layout="inline" className="cam-share__form" onSubmit={onCreate}>
          <Form.Item label={t('cam.shareDialog.minutes')}>
            <Select
              className="cam-share__minutes"
              aria-label={t('cam.shareDialog.minutes')}
              value={minutes}
              onChange={setMinutes}
              options={SHARE_MINUTES.map((m) => ({ label: t(`cam.minutes.${m}`), value: m }))}
            />
          </Form.Item>
          <Form.Item label={t('cam.shareDialog.note')}>
            <Input
              className="cam-share__note"
              aria-label={t('cam.shareDialog.note')}
              placeholder={t('cam.shareDialog.notePlaceholder')}
              maxLength={100}
              value={note}
              onChange={setNote}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('cam.shareDialog.create')}
            </Button>
          </Form.Item>
        </Form>
      ) : (
        <Alert type="warning" content={t('cam.shareDialog.disabled')} />
      )}
      {made ? (
        <section className="cam-share__made" aria-label={t('cam.shareDialog.created')}>
          <QrCode text={made.url} label={t('cam.shareDialog.qr')} />
          <div className="cam-share__made-text">
            <strong>{t('cam.shareDialog.created')}</strong>
            <CopyableSecret value={made.url} label={t('cam.shareDialog.link')} />
            <span>{t('cam.shareDialog.expires', { time: formatDateTime(made.expiresAt, locale) })}</span>
            <span className="cam-muted">{t('cam.shareDialog.linkOnce')}</span>
          </div>
        </section>
      ) : null}
      <h3 className="cam-share__list-title">{t('cam.shareDialog.list')}</h3>
      {shares.isError ? (
        <Alert type="error" content={t('cam.shareDialog.loadFailed')} />
      ) : (
        <Table<CameraShare>
          rowKey="id"
          size="small"
          columns={columns}
          data={shares.data ?? []}
          loading={shares.isFetching}
          pagination={false}
          scroll={{ y: 240 }}
          noDataElement={<Empty description={t('cam.shareDialog.none')} />}
        />
      )}
    </div>
  );
}
