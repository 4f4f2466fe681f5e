import { Badge, Button, Card, Descriptions, Link } from '@arco-design/web-react';
import { IconLaunch, IconRefresh } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import type { MessageKey } from '../../shared/i18n/messages.ts';
import { fetchReadiness, type Readiness } from './readiness.ts';

type Probe = { state: 'checking' } | { state: 'unreachable' } | { state: 'done'; result: Readiness; checkedAt: Date };

const databaseNames: Record<string, MessageKey> = {
  pglite: 'status.database.pglite',
  postgres: 'status.database.postgres',
};

export function ServerStatusCard() {
  const { t, locale } = useI18n();
  const [probe, setProbe] = useState<Probe>({ state: 'checking' });
  const inFlight = useRef<AbortController | null>(null);

  const check = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setProbe({ state: 'checking' });
    fetchReadiness(controller.signal).then(
      (result) => setProbe({ state: 'done', result, checkedAt: new Date() }),
      (err: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('readiness probe failed', err);
          setProbe({ state: 'unreachable' });
        }
      },
    );
  }, []);

  useEffect(() => {
    check();
    return () => inFlight.current?.abort();
  }, [check]);

  const service =
    probe.state === 'checking' ? (
      <Badge status="processing" text={t('status.checking')} />
    ) : probe.state === 'unreachable' ? (
      <Badge status="error" text={t('status.unreachable')} />
    ) : probe.result.status === 'ready' ? (
      <Badge status="success" text={t('status.ready')} />
    ) : (
      <Badge status="error" text={t('status.unavailable')} />
    );

  const databaseKey = probe.state === 'done' ? databaseNames[probe.result.database] : undefined;
  const database = probe.state !== 'done' ? '—' : databaseKey ? t(databaseKey) : probe.result.database || '—';
  const checkedAt =
    probe.state === 'done' ? new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(probe.checkedAt) : '—';

  return (
    <Card
      className="start-page__card"
      title={t('status.title')}
      extra={
        <Button type="text" size="small" icon={<IconRefresh />} loading={probe.state === 'checking'} onClick={check}>
          {t('status.refresh')}
        </Button>
      }
    >
      <Descriptions
        column={1}
        labelStyle={{ width: 96 }}
        data={[
          { label: t('status.service'), value: service },
          { label: t('status.database'), value: <span data-testid="database-kind">{database}</span> },
          { label: t('status.checkedAt'), value: checkedAt },
        ]}
      />
      <div className="start-page__card-footer">
        <Link href="/api/docs" target="_blank" rel="noopener">
          {t('status.apiDocs')} <IconLaunch />
        </Link>
      </div>
    </Card>
  );
}
