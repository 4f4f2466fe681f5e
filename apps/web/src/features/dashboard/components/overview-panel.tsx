import { Button, Card, Divider, Skeleton, Tag, Tooltip } from '@arco-design/web-react';
import {
  IconCalendarClock,
  IconCommon,
  IconDashboard,
  IconExclamationCircle,
  IconFile,
  IconMessage,
  IconSettings,
  IconThunderbolt,
  IconWifi,
} from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { type Overview, Permissions } from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { useRoleInfo } from '../../../shared/session/session-queries.ts';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { workplaceQueries } from '../api/workplace-queries.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { SmsAccountDrawer } from './sms-account-drawer.tsx';
import { WidgetState } from './widget-state.tsx';

/** The drawer reads the account (outbox permission) and writes it (account permission): it needs both. */
const SMS_ACCOUNT_PERMISSIONS = [Permissions.smsAccountWrite, Permissions.systemSmsOutbox] as const;

function Figure({
  icon,
  label,
  value,
  unit,
  warning,
  hint,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  unit?: string;
  warning?: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className={`workplace__figure${warning ? ' workplace__figure--warning' : ''}`}>
      <span className="workplace__figure-icon" aria-hidden="true">
        {icon}
      </span>
      <dl>
        <dt>{label}</dt>
        <dd>
          <Tooltip content={hint} disabled={!hint}>
            <span className="workplace__figure-value">{value}</span>
          </Tooltip>
          {unit ? <span className="workplace__figure-unit">{unit}</span> : null}
          {warning ? (
            <Tag color="orangered" size="small" className="workplace__figure-tag">
              {warning}
            </Tag>
          ) : null}
        </dd>
        {action ? <dd className="workplace__figure-action">{action}</dd> : null}
      </dl>
    </div>
  );
}

/** The prepaid SMS balance; the server sends it only to roles that may see the SMS account. */
function BalanceFigure({ balance }: { balance: NonNullable<Overview['balance']> }) {
  const { t, locale } = useWorkplaceI18n();
  const money = (n: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: balance.currency,
      currencyDisplay: 'narrowSymbol',
    }).format(n);
  const canManageSms = useButtonPermission(SMS_ACCOUNT_PERMISSIONS);
  const [smsOpen, setSmsOpen] = useState(false);
  return (
    <>
      <Figure
        icon={<IconMessage />}
        label={t('workplace.balance')}
        value={money(balance.amount)}
        warning={balance.low ? t('workplace.balance.low') : undefined}
        hint={t('workplace.balance.hint', { threshold: money(balance.lowThreshold), price: money(balance.price) })}
        action={
          canManageSms ? (
            <Button type="text" size="mini" icon={<IconSettings />} onClick={() => setSmsOpen(true)}>
              {t('workplace.sms.open')}
            </Button>
          ) : null
        }
      />
      {canManageSms ? <SmsAccountDrawer visible={smsOpen} onClose={() => setSmsOpen(false)} /> : null}
    </>
  );
}

/**
 * Issue 14's operations row: stations running, in fault and offline (a silent station is never
 * counted as running or stopped), devices online, water pumped since the utility's midnight, and the
 * open work orders. Within the caller's region limit, as the server counts them.
 */
function Operations({ overview }: { overview: Overview }) {
  const { t, locale } = useWorkplaceI18n();
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const ops = overview.operations;
  return (
    <section aria-label={t('workplace.operations')} className="workplace__figures workplace__figures--operations">
      <Figure
        icon={<IconThunderbolt />}
        label={t('workplace.ops.running')}
        value={count(ops.stationsRunning)}
        unit={t('workplace.ops.ofTotal', { total: count(ops.stationsTotal) })}
      />
      <Figure
        icon={<IconExclamationCircle />}
        label={t('workplace.ops.fault')}
        value={count(ops.stationsFault)}
        warning={ops.stationsFault > 0 ? t('workplace.ops.faultTag') : undefined}
      />
      <Figure
        icon={<IconWifi />}
        label={t('workplace.ops.offline')}
        value={count(ops.stationsOffline)}
        hint={ops.stationsOffline > 0 ? t('workplace.ops.offlineHint') : undefined}
        warning={ops.stationsOffline > 0 ? t('workplace.ops.offlineTag') : undefined}
      />
      <Figure
        icon={<IconCommon />}
        label={t('workplace.ops.devicesOnline')}
        value={count(ops.devicesOnline)}
        unit={t('workplace.ops.ofDevices', { total: count(ops.devicesTotal) })}
      />
      <Figure
        icon={<IconDashboard />}
        label={t('workplace.ops.pumpedToday')}
        value={new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(ops.pumpedToday)}
        unit={t('workplace.unit.m3')}
      />
      <Figure
        icon={<IconFile />}
        label={t('workplace.pendingOrders')}
        value={count(overview.pendingOrders)}
        unit={t('workplace.unit.orders')}
      />
    </section>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const { t, locale } = useWorkplaceI18n();
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <div
      className={`workplace__figures${overview.balance ? ' workplace__figures--three' : ' workplace__figures--two'}`}
    >
      {overview.balance ? <BalanceFigure balance={overview.balance} /> : null}
      <Figure
        icon={<IconCalendarClock />}
        label={t('workplace.renewalOrders')}
        value={count(overview.renewalOrders)}
        unit={t('workplace.unit.devices')}
        hint={t('workplace.renewalOrders.hint')}
      />
      <Figure
        icon={<IconCommon />}
        label={t('workplace.onlineContent')}
        value={count(overview.onlineContent)}
        unit={t('workplace.unit.items')}
      />
    </div>
  );
}

/** Spec §1: the banner welcoming the user, the operations row, and the data panel's figures. */
export function OverviewPanel() {
  const { t } = useWorkplaceI18n();
  const info = useRoleInfo();
  const overview = useQuery(workplaceQueries.overview());
  return (
    <Card className="workplace__card workplace__overview" bordered={false}>
      <h2 className="workplace__welcome">
        {info ? t('workplace.welcome', { name: info.name }) : <Skeleton animation text={{ rows: 1, width: 200 }} />}
      </h2>
      <Divider className="workplace__welcome-divider" />
      <section aria-label={t('workplace.dataPanel')}>
        <WidgetState query={overview} skeletonRows={2}>
          {(data) => (
            <>
              <Operations overview={data} />
              <Divider className="workplace__welcome-divider" />
              <Figures overview={data} />
            </>
          )}
        </WidgetState>
      </section>
    </Card>
  );
}
