import { Button, Card, Descriptions, Link, Skeleton, Space, Tag } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { accountQueries } from '../api/account-queries.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { ProfileEditForm } from '../components/profile-edit-form.tsx';
import { formatDateTime } from '../format.ts';
import { type AccountI18n, useAccountI18n } from '../use-account-i18n.ts';
import '../account.css';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';

function isWebLink(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

function profileRows(profile: Profile, { t, locale }: AccountI18n): { label: string; value: ReactNode }[] {
  const notSet = <span className="account-muted">{t('account.common.notSet')}</span>;
  const text = (value: string) => (value.trim() ? value : notSet);
  return [
    { label: t('account.field.username'), value: profile.username },
    { label: t('account.field.displayName'), value: text(profile.displayName) },
    { label: t('account.field.phone'), value: text(profile.phone) },
    { label: t('account.field.email'), value: text(profile.email) },
    { label: t('account.field.department'), value: text(profile.departmentName) },
    { label: t('account.field.enterprise'), value: text(profile.enterpriseName) },
    {
      label: t('account.field.roles'),
      value: profile.roles.length ? (
        <Space wrap size={4}>
          {profile.roles.map((role) => (
            <Tag key={role.code} color="arcoblue">
              {role.name}
            </Tag>
          ))}
        </Space>
      ) : (
        <span className="account-muted">{t('account.center.noRoles')}</span>
      ),
    },
    { label: t('account.field.job'), value: text(profile.jobName) },
    { label: t('account.field.location'), value: text(profile.locationName) },
    {
      label: t('account.field.website'),
      value: isWebLink(profile.personalWebsite) ? (
        <Link href={profile.personalWebsite} target="_blank" rel="noopener noreferrer">
          {profile.personalWebsite}
        </Link>
      ) : (
        text(profile.personalWebsite)
      ),
    },
    { label: t('account.field.registrationDate'), value: formatDateTime(profile.registrationDate, locale) },
    {
      label: t('account.field.lastLogin'),
      value: profile.lastLoginAt ? formatDateTime(profile.lastLoginAt, locale) : t('account.center.neverSignedIn'),
    },
    {
      label: t('account.field.introduction'),
      value: <span className="account-intro">{text(profile.introduction)}</span>,
    },
  ];
}

/** The signed-in user's own profile (spec §3), with the fields they may change and their avatar. */
export function UserCenterPage() {
  const i18n = useAccountI18n();
  const { t, locale } = i18n;
  const profile = useQuery(accountQueries.profile(locale));
  const [editing, setEditing] = useState(false);

  if (profile.isPending) {
    return (
      <div className="account-page">
        <Card>
          <Skeleton animation text={{ rows: 6 }} image={{ shape: 'circle' }} />
        </Card>
      </div>
    );
  }

  if (profile.isError) {
    return (
      <div className="account-page">
        <Card>
          <LoadFailedResult
            error={profile.error}
            onRetry={() => profile.refetch()}
            title={t('account.common.loadFailed')}
            requestFailed={t('account.common.requestFailed')}
            retryLabel={t('account.common.retry')}
          />
        </Card>
      </div>
    );
  }

  const data = profile.data;
  return (
    <div className="account-page">
      <Card>
        <div className="account-profile-header">
          <AvatarUpload avatar={data.avatar} name={data.displayName || data.username} />
          <div className="account-profile-header__text">
            <h2 className="account-profile-header__name">{data.displayName || data.username}</h2>
            <span className="account-profile-header__meta">
              {[data.username, data.jobName, data.departmentName].filter(Boolean).join(' · ')}
            </span>
            <Space wrap size={4}>
              {data.roles.map((role) => (
                <Tag key={role.code} color="arcoblue">
                  {role.name}
                </Tag>
              ))}
            </Space>
          </div>
        </div>
      </Card>
      <Card
        title={editing ? t('account.center.editTitle') : t('account.center.title')}
        extra={
          editing ? null : (
            <Button type="primary" icon={<IconEdit />} onClick={() => setEditing(true)}>
              {t('account.center.edit')}
            </Button>
          )
        }
      >
        {editing ? (
          <div className="account-settings-pane">
            <ProfileEditForm profile={data} onDone={() => setEditing(false)} />
          </div>
        ) : (
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
            data={profileRows(data, i18n)}
            labelStyle={{ whiteSpace: 'nowrap' }}
          />
        )}
      </Card>
    </div>
  );
}
