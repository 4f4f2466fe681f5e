import { Avatar, Button, Message, Upload } from '@arco-design/web-react';
import { IconCamera } from '@arco-design/web-react/icon';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@water/contracts';
import { useUploadAvatar } from '../api/account-queries.ts';
import { useAccountI18n } from '../use-account-i18n.ts';

const accepted: readonly string[] = AVATAR_TYPES;

/** The avatar with its upload button; the server stores the image and answers its URL. */
export function AvatarUpload({ avatar, name }: { avatar: string; name: string }) {
  const { t } = useAccountI18n();
  const upload = useUploadAvatar();

  // Checked here as well as on the server, so a wrong file fails at once instead of after uploading.
  function check(file: File): boolean {
    if (!accepted.includes(file.type)) {
      Message.error(t('account.avatar.badType'));
      return false;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      Message.error(t('account.avatar.tooLarge'));
      return false;
    }
    return true;
  }

  return (
    <div className="account-avatar-upload">
      <Avatar size={80} aria-label={t('account.avatar.label')}>
        {avatar ? <img src={avatar} alt={t('account.avatar.label')} /> : (name.trim()[0] ?? '?').toUpperCase()}
      </Avatar>
      <Upload
        // Strict accept would drop a wrong file silently; `check` says why instead.
        accept={{ type: AVATAR_TYPES.join(','), strict: false }}
        showUploadList={false}
        beforeUpload={check}
        customRequest={({ file, onSuccess, onError }) => {
          upload.mutate(file, {
            onSuccess: (data) => {
              onSuccess(data);
              Message.success(t('account.avatar.uploaded'));
            },
            onError: () => onError({}),
          });
        }}
      >
        <Button size="small" icon={<IconCamera />} loading={upload.isPending}>
          {t('account.avatar.change')}
        </Button>
      </Upload>
      <span className="account-avatar-upload__hint">{t('account.avatar.hint')}</span>
    </div>
  );
}
