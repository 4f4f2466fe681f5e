import { Alert, Badge, Button, Empty, Message, Select, Skeleton, Tabs, Tag, Tooltip } from '@arco-design/web-react';
import { IconPoweroff, IconSettings } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ControlStation,
  isOpenCommandState,
  Permissions,
  type PumpCommand,
  pumpControlApi,
} from '@water/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callApi } from '../../../shared/api/http.ts';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { LIVE_STATUS_COLORS, useLiveStatus, useNow } from '../../../shared/live/live-hooks.ts';
import { ListShell } from '../../../shared/ui/list-page.tsx';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { RegionTreeSelect } from '../config/tree-selects.tsx';
import { LevelBar } from '../live/level-bar.tsx';
import { DIGITS, formatNumber, isUnmapped, timeText, valueText } from '../live/live-format.ts';
import { LiveFigure, StationStateTag } from '../live/station-card.tsx';
import { stationLiveQueries } from '../live/station-live-queries.ts';
import { type StationLiveI18n, useStationLiveI18n } from '../live/use-station-live-i18n.ts';
import { ApprovalsPanel } from './approvals-panel.tsx';
import { CommandDialog, type CommandTarget } from './command-dialog.tsx';
import { CommandHistory, HISTORY_QUERY } from './command-history.tsx';
import { ControlSettingsDrawer } from './control-settings-drawer.tsx';
import { PumpCard } from './pump-card.tsx';
import { pumpControlQueries, usePumpControlLive, withCommand } from './pump-control-queries.ts';
import { type PumpControlI18n, usePumpControlI18n } from './use-pump-control-i18n.ts';
import '../live/station-live.css';
import './pump-control.css';

const CONTROL = [Permissions.pumpControl] as const;
const APPROVE = [Permissions.pumpApprove] as const;
const STATION_WRITE = [Permissions.pumpStationWrite] as const;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/**
 * Pump control (/bz/pumpStationControl, issue 17): one station (`?station=<id>`, so a reload keeps
 * it) with its level against the set-points and each pump live, a button per command its
 * controller's thing model declares (disabled with the interlock's reason), a two-step confirm with a
 * reason, each pump's open command moving live, the approvals awaiting the caller, stop-all, the
 * station's command history and its control settings.
 */
export function PumpControlPage() {
  const i18n = usePumpControlI18n();
  const liveI18n = useStationLiveI18n();
  const { t, locale } = i18n;
  const [params, setParams] = useSearchParams();
  const stationId = positiveInt(params.get('station'));
  const regionId = positiveInt(params.get('regionId'));
  const canControl = useButtonPermission(CONTROL);
  const canApprove = useButtonPermission(APPROVE);
  const canWrite = useButtonPermission(STATION_WRITE);
  const queryClient = useQueryClient();
  const regions = useQuery(referenceQueries.regionTree(locale));
  const stations = useQuery(stationLiveQueries.list({ regionId }, locale));
  const control = useQuery({ ...pumpControlQueries.station(stationId ?? 0, locale), enabled: stationId !== undefined });
  const [recent, setRecent] = useState<Record<number, PumpCommand>>({});
  usePumpControlLive(stationId, (command) => {
    if (!isOpenCommandState(command.state)) setRecent((r) => ({ ...r, [command.pumpId]: command }));
  });
  const liveStatus = useLiveStatus();
  const now = useNow(1000);
  const [target, setTarget] = useState<CommandTarget | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const data = stationId !== undefined ? control.data : undefined;

  /** A new station or region: the history's filters belong to the old one and are dropped. */
  const choose = (next: { station?: number; regionId?: number }) => {
    const out = new URLSearchParams();
    for (const [key, value] of params) {
      if (key !== 'station' && key !== 'regionId' && !(key in HISTORY_QUERY.shape)) out.set(key, value);
    }
    if (next.regionId) out.set('regionId', String(next.regionId));
    if (next.station) out.set('station', String(next.station));
    setParams(out);
  };

  const cacheCommands = (commands: PumpCommand[]) => {
    queryClient.setQueriesData<ControlStation>(
      { queryKey: [...pumpControlQueries.all, 'station', stationId] },
      (old) => (old ? commands.reduce(withCommand, old) : old),
    );
    void queryClient.invalidateQueries({ queryKey: pumpControlQueries.all });
  };

  const cancel = async (command: PumpCommand) => {
    const answer = await callApi(pumpControlApi.cancel, { locale, params: { id: command.id } });
    Message.success(t('pumpControl.open.cancelled'));
    setRecent((r) => ({ ...r, [answer.pumpId]: answer }));
    cacheCommands([answer]);
  };

  const options = (stations.data?.list ?? []).map((s) => ({ label: `${s.code} ${s.name}`, value: s.id }));
  if (data && !options.some((o) => o.value === data.station.id)) {
    options.unshift({ label: `${data.station.code} ${data.station.name}`, value: data.station.id });
  }

  const picker = (
    <search className="list-page__filters pump-control__picker" aria-label={t('pumpControl.station')}>
      <RegionTreeSelect
        className="pump-control__region"
        label={t('pumpControl.region')}
        placeholder={t('pumpControl.allRegions')}
        loading={regions.isPending}
        data={regions.data ?? []}
        value={regionId ?? null}
        onChange={(next) => choose({ regionId: next ?? undefined, station: stationId })}
      />
      <Select
        className="pump-control__station-select"
        aria-label={t('pumpControl.station')}
        placeholder={t('pumpControl.stationPlaceholder')}
        showSearch
        loading={stations.isPending}
        value={stationId}
        onChange={(id: number | undefined) => choose({ regionId, station: id })}
        options={options}
      />
    </search>
  );

  const updated = data ? timeText(data.at, locale, now) : '';
  const actions = (
    <>
      <span className="station-live__status">
        {updated ? <span>{t('pumpControl.updatedAt', { time: updated })}</span> : null}
        <span role="status" aria-label={liveI18n.t('live.channel')}>
          <Tag size="small" color={LIVE_STATUS_COLORS[liveStatus]}>
            {liveI18n.t(`live.channel.${liveStatus}`)}
          </Tag>
        </span>
      </span>
      {data && canWrite ? (
        <Button icon={<IconSettings />} onClick={() => setSettingsOpen(true)}>
          {t('pumpControl.settings')}
        </Button>
      ) : null}
      {data && canControl ? (
        <Button
          type="primary"
          status="danger"
          icon={<IconPoweroff />}
          disabled={data.pumps.length === 0}
          onClick={() => setTarget({ kind: 'stopAll' })}
        >
          {t('pumpControl.stopAll')}
        </Button>
      ) : null}
    </>
  );

  let body: React.ReactNode;
  if (stationId === undefined) {
    body = (
      <Empty
        className="pump-control__empty"
        description={
          <>
            <div>{t('pumpControl.pick')}</div>
            <div className="pump-control__hint">{t('pumpControl.pickHint')}</div>
          </>
        }
      />
    );
  } else if (!data) {
    body = control.isError ? (
      <LoadFailedResult
        error={control.error}
        onRetry={() => control.refetch()}
        title={t('pumpControl.loadFailed')}
        requestFailed={t('pumpControl.requestFailed')}
        retryLabel={t('pumpControl.retry')}
      />
    ) : (
      <Skeleton animation text={{ rows: 8 }} />
    );
  } else {
    body = (
      <>
        <StationOverview station={data} i18n={i18n} liveI18n={liveI18n} />
        {!canControl ? <Alert className="pump-control__note" type="info" content={t('pumpControl.readOnly')} /> : null}
        {data.settings.requireApproval ? (
          <Alert
            className="pump-control__note"
            type="warning"
            title={t('pumpControl.fourEyes')}
            content={t('pumpControl.fourEyesHint', { minutes: data.settings.approvalMinutes })}
          />
        ) : null}
        <ul className="pump-control__pumps" aria-label={liveI18n.t('live.pumps')}>
          {data.pumps.map((pump) => (
            <li key={pump.pumpId}>
              <PumpCard
                pump={pump}
                live={data.station.pumps.find((p) => p.id === pump.pumpId || p.number === pump.number)}
                settings={data.settings}
                last={recent[pump.pumpId]}
                canControl={canControl}
                now={now}
                i18n={i18n}
                liveI18n={liveI18n}
                onCommand={(spec) => setTarget({ kind: 'command', pump, spec })}
                onCancel={cancel}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <ListShell
      className="pump-control"
      title={t('pumpControl.title')}
      subtitle={t('pumpControl.subtitle')}
      actions={actions}
      body={
        <>
          {picker}
          {body}
        </>
      }
    >
      {data ? (
        <div className="list-page__card pump-control__records">
          <Records key={data.station.id} station={data} canApprove={canApprove} now={now} i18n={i18n} />
        </div>
      ) : null}
      {data && target ? (
        <CommandDialog
          target={target}
          station={data}
          i18n={i18n}
          liveI18n={liveI18n}
          onClose={() => setTarget(null)}
          onSent={cacheCommands}
        />
      ) : null}
      {data && canWrite ? (
        <ControlSettingsDrawer station={data} open={settingsOpen} onClose={() => setSettingsOpen(false)} i18n={i18n} />
      ) : null}
    </ListShell>
  );
}

/** The history, and beside it for approvers the commands awaiting them. */
function Records({
  station,
  canApprove,
  now,
  i18n,
}: {
  station: ControlStation;
  canApprove: boolean;
  now: number;
  i18n: PumpControlI18n;
}) {
  const { t, locale } = i18n;
  const approvals = useQuery({ ...pumpControlQueries.approvals(station.station.id, locale), enabled: canApprove });
  const waiting = approvals.data?.total ?? 0;
  // The tab opens on the approvals when some await the approver, once they have loaded; later ones do not move it.
  const [tab, setTab] = useState<string | null>(null);
  const shown = tab ?? (approvals.isSuccess && waiting ? 'approvals' : 'history');
  useEffect(() => {
    if (tab === null && approvals.isSuccess) setTab(waiting ? 'approvals' : 'history');
  }, [tab, approvals.isSuccess, waiting]);
  const history = <CommandHistory station={station} i18n={i18n} />;
  if (!canApprove) {
    return (
      <section aria-label={t('pumpControl.history.title')}>
        <h2 className="pump-control__section-title">{t('pumpControl.history.title')}</h2>
        {history}
      </section>
    );
  }
  return (
    <Tabs activeTab={shown} onChange={setTab} aria-label={t('pumpControl.tabs')}>
      <Tabs.TabPane key="history" title={t('pumpControl.history.title')}>
        {history}
      </Tabs.TabPane>
      <Tabs.TabPane
        key="approvals"
        title={
          <span className="pump-control__tab">
            {t('pumpControl.approvals.title')}
            <Badge count={waiting} dotStyle={{ marginLeft: 6 }} />
          </span>
        }
      >
        <ApprovalsPanel station={station} now={now} i18n={i18n} />
      </Tabs.TabPane>
    </Tabs>
  );
}

/** The station at a glance: state, wet-well level on a bar with its set-points, flow and power. */
function StationOverview({
  station: c,
  i18n,
  liveI18n,
}: {
  station: ControlStation;
  i18n: PumpControlI18n;
  liveI18n: StationLiveI18n;
}) {
  const { t, locale } = i18n;
  const s = c.station;
  const none = liveI18n.t('live.none');
  const m = (v: number | null) => (v === null ? none : `${formatNumber(v, locale, DIGITS.level)} m`);
  const setPoints: [string, number | null, string][] = [
    [liveI18n.t('live.mark.high'), s.setPoints.highAlarm, 'high'],
    [liveI18n.t('live.mark.low'), s.setPoints.lowAlarm, 'low'],
    [liveI18n.t('live.mark.protection'), s.setPoints.protection, 'protection'],
  ];
  return (
    <section className="pump-control__overview" aria-label={s.name}>
      <div className="pump-control__station">
        <h2 className="pump-control__station-name">{s.name}</h2>
        <StationStateTag station={s} i18n={liveI18n} />
        <span className="pump-control__meta">
          <code>{s.code}</code>
          {s.regionName ? <span>{s.regionName}</span> : null}
          <span>{t('pumpControl.pumpsRunning', { running: s.pumpsRunning, total: s.pumpsTotal })}</span>
        </span>
      </div>
      <div className="pump-control__level">
        <div className="pump-control__level-head">
          <span className="pump-control__label">{t('pumpControl.level')}</span>
          {s.level.value === null ? (
            <span className="pump-control__level-value">{t('pumpControl.levelNone')}</span>
          ) : (
            <Tooltip content={s.level.ts ? timeText(s.level.ts, locale, Date.now()) : ''} mini>
              <span>
                <LiveFigure
                  value={s.level}
                  className="pump-control__level-value"
                  text={m(s.level.value)}
                  i18n={liveI18n}
                />
              </span>
            </Tooltip>
          )}
        </div>
        <LevelBar station={s} i18n={liveI18n} orientation="horizontal" />
        <ul className="pump-control__setpoints">
          {setPoints.map(([label, value, kind]) =>
            value === null ? null : (
              <li key={kind}>
                <span className={`level-bar__swatch level-bar__swatch--${kind}`} aria-hidden />
                {label} {m(value)}
              </li>
            ),
          )}
        </ul>
      </div>
      <dl className="pump-control__figures">
        {isUnmapped(s.flow) ? null : (
          <div>
            <dt>{t('pumpControl.flow')}</dt>
            <dd>
              <LiveFigure value={s.flow} text={valueText(s.flow, locale, DIGITS.flow, 'm³/h', none)} i18n={liveI18n} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('pumpControl.power')}</dt>
          <dd>{s.power === null ? none : `${formatNumber(s.power, locale, DIGITS.power)} kW`}</dd>
        </div>
      </dl>
    </section>
  );
}
