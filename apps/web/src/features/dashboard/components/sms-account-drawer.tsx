import {
  Alert,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Message,
  type RulesProps,
  Table,
  type TableColumnProps,
  Tabs,
  Tag,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  SMS_PRICE_MAX,
  SMS_THRESHOLD_MAX,
  SMS_TOPUP_MAX,
  type SmsAccount,
  type SmsLedgerEntry,
  smsSettingsBodySchema,
  smsTopupBodySchema,
} from '@water/contracts';
import type { z } from 'zod';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { smsQueries, useSmsSettings, useSmsTopup } from '../api/workplace-queries.ts';
import { useWorkplaceI18n, type WorkplaceMessageKey } from '../use-workplace-i18n.ts';
import { WidgetState } from './widget-state.tsx';

type I18n = ReturnType<typeof useWorkplaceI18n>;

function useMoney() {
  const { locale } = useWorkplaceI18n();
  return (n: number, fractionDigits = 2) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CNY',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(n);
}

/** A rule that runs one contract field, worded by the drawer when the contract has no text of its own. */
function fieldRule(schema: z.ZodType, i18n: I18n, fallback: string): RulesProps {
  return {
    validator: (value, callback) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return callback();
      const message = result.error.issues[0]?.message ?? '';
      callback(message.startsWith('validation.') ? i18n.tv(message) : fallback);
    },
  };
}

function Summary({ account }: { account: SmsAccount }) {
  const { t, locale } = useWorkplaceI18n();
  const money = useMoney();
  const low = account.balance < account.lowThreshold;
  const left = account.price > 0 ? Math.floor(account.balance / account.price) : null;
  return (
    <dl className="workplace-sms__summary">
      <div className={low ? 'workplace-sms__stat workplace-sms__stat--warning' : 'workplace-sms__stat'}>
        <dt>{t('workplace.sms.balance')}</dt>
        <dd>
          <span className="workplace-sms__stat-value">{money(account.balance)}</span>
          {low ? (
            <Tag color="orangered" size="small">
              {t('workplace.balance.low')}
            </Tag>
          ) : null}
        </dd>
        {left === null ? null : (
          <dd className="workplace-sms__stat-note">
            {t('workplace.sms.remaining', { count: new Intl.NumberFormat(locale).format(left) })}
          </dd>
        )}
      </div>
      <div className="workplace-sms__stat">
        <dt>{t('workplace.sms.price')}</dt>
        <dd>
          <span className="workplace-sms__stat-value">{money(account.price, priceDigits(account.price))}</span>
        </dd>
      </div>
      <div className="workplace-sms__stat">
        <dt>{t('workplace.sms.threshold')}</dt>
        <dd>
          <span className="workplace-sms__stat-value">{money(account.lowThreshold)}</span>
        </dd>
      </div>
    </dl>
  );
}

/** 0.05 shows as ¥0.05, 0.045 as ¥0.045: the price keeps up to four decimals. */
const priceDigits = (price: number) => Math.min(4, Math.max(2, (String(price).split('.')[1] ?? '').length));

function TopupForm() {
  const i18n = useWorkplaceI18n();
  const { t } = i18n;
  const money = useMoney();
  const topup = useSmsTopup();
  const contract = useContractForm({
    schema: smsTopupBodySchema,
    tv: i18n.tv,
    submit: (body) => topup.mutateAsync(body).then(() => body.amount),
    onSaved: (amount) => {
      Message.success(t('workplace.sms.topup.done', { amount: money(amount) }));
      contract.form.resetFields();
    },
  });

  const amountLabel = t('workplace.sms.topup.amount');
  const noteLabel = t('workplace.sms.topup.note');
  return (
    <section className="workplace-sms__section" aria-labelledby="workplace-sms-topup">
      <h3 id="workplace-sms-topup">{t('workplace.sms.topup')}</h3>
      <Form<z.input<typeof smsTopupBodySchema>>
        form={contract.form}
        layout="vertical"
        disabled={contract.pending}
        onSubmit={contract.onSubmit}
        onChange={contract.clearFailure}
      >
        <div className="workplace-sms__row">
          <Form.Item
            label={amountLabel}
            field="amount"
            required
            className="workplace-sms__amount"
            rules={[
              fieldRule(
                smsTopupBodySchema.shape.amount,
                i18n,
                t('workplace.sms.topup.amountRange', { max: money(SMS_TOPUP_MAX) }),
              ),
            ]}
          >
            <InputNumber aria-label={amountLabel} precision={2} suffix={t('workplace.sms.yuan')} hideControl />
          </Form.Item>
          <Form.Item label={noteLabel} field="note" className="workplace-sms__note">
            <Input aria-label={noteLabel} placeholder={t('workplace.sms.topup.notePlaceholder')} maxLength={200} />
          </Form.Item>
        </div>
        <div className="workplace-sms__actions">
          <Button type="primary" htmlType="submit" loading={contract.pending}>
            {t('workplace.sms.topup.submit')}
          </Button>
        </div>
      </Form>
      {contract.failure ? <Alert className="workplace-sms__alert" type="error" content={contract.failure} /> : null}
    </section>
  );
}

function SettingsForm({ account }: { account: SmsAccount }) {
  const i18n = useWorkplaceI18n();
  const { t } = i18n;
  const save = useSmsSettings();
  const contract = useContractForm({
    schema: smsSettingsBodySchema,
    tv: i18n.tv,
    submit: (body) => save.mutateAsync(body),
    onSaved: () => Message.success(t('workplace.sms.settings.done')),
  });

  const priceLabel = t('workplace.sms.price');
  const thresholdLabel = t('workplace.sms.threshold');
  return (
    <section className="workplace-sms__section" aria-labelledby="workplace-sms-settings">
      <h3 id="workplace-sms-settings">{t('workplace.sms.settings')}</h3>
      <Form<z.input<typeof smsSettingsBodySchema>>
        form={contract.form}
        layout="vertical"
        disabled={contract.pending}
        initialValues={{ price: account.price, lowThreshold: account.lowThreshold }}
        onSubmit={contract.onSubmit}
        onChange={contract.clearFailure}
      >
        <div className="workplace-sms__row">
          <Form.Item
            label={priceLabel}
            field="price"
            required
            extra={t('workplace.sms.settings.priceHelp')}
            rules={[
              fieldRule(
                smsSettingsBodySchema.shape.price,
                i18n,
                t('workplace.sms.settings.range', { min: 0, max: SMS_PRICE_MAX }),
              ),
            ]}
          >
            <InputNumber aria-label={priceLabel} precision={4} step={0.01} suffix={t('workplace.sms.perSms')} />
          </Form.Item>
          <Form.Item
            label={thresholdLabel}
            field="lowThreshold"
            required
            extra={t('workplace.sms.settings.thresholdHelp')}
            rules={[
              fieldRule(
                smsSettingsBodySchema.shape.lowThreshold,
                i18n,
                t('workplace.sms.settings.range', { min: 0, max: SMS_THRESHOLD_MAX }),
              ),
            ]}
          >
            <InputNumber aria-label={thresholdLabel} precision={2} step={10} suffix={t('workplace.sms.yuan')} />
          </Form.Item>
        </div>
        <div className="workplace-sms__actions">
          <Button type="outline" htmlType="submit" loading={contract.pending}>
            {t('workplace.sms.settings.submit')}
          </Button>
        </div>
      </Form>
      {contract.failure ? <Alert className="workplace-sms__alert" type="error" content={contract.failure} /> : null}
    </section>
  );
}

function LedgerTable({ kind }: { kind: 'topup' | 'charge' }) {
  const { t, locale } = useWorkplaceI18n();
  const money = useMoney();
  const ledger = useQuery(smsQueries.ledger(kind));
  const purpose = (p: string | undefined) => {
    const key = `workplace.sms.purpose.${p}` as WorkplaceMessageKey;
    return p && key in PURPOSE_KEYS ? t(key) : (p ?? '');
  };
  const columns: TableColumnProps<SmsLedgerEntry>[] = [
    {
      title: t('workplace.sms.col.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v, locale),
    },
    ...(kind === 'topup'
      ? [
          { title: t('workplace.sms.col.note'), dataIndex: 'note', render: (v: string) => v || '—' },
          { title: t('workplace.sms.col.by'), dataIndex: 'userName', width: 120, render: (v: string) => v || '—' },
        ]
      : [
          { title: t('workplace.sms.col.phone'), dataIndex: 'phone', width: 120, render: (v?: string) => v ?? '—' },
          { title: t('workplace.sms.col.purpose'), dataIndex: 'purpose', render: (v?: string) => purpose(v) },
        ]),
    {
      title: t('workplace.sms.col.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 100,
      render: (v: number) => (
        <span className={v < 0 ? 'workplace-sms__out' : 'workplace-sms__in'}>
          {v > 0 ? '+' : ''}
          {money(v, kind === 'charge' ? priceDigits(Math.abs(v)) : 2)}
        </span>
      ),
    },
  ];
  return (
    <WidgetState query={ledger} skeletonRows={3}>
      {(rows) => (
        <Table<SmsLedgerEntry>
          size="small"
          rowKey="id"
          columns={columns}
          data={rows}
          pagination={false}
          border={false}
          noDataElement={<Empty description={t('workplace.sms.none')} />}
        />
      )}
    </WidgetState>
  );
}

const PURPOSE_KEYS = {
  'workplace.sms.purpose.notice': true,
  'workplace.sms.purpose.message': true,
  'workplace.sms.purpose.todo': true,
  'workplace.sms.purpose.reset-password': true,
} as const;

/**
 * The organisation's prepaid SMS account (issue #4): balance, price and warning threshold, a top-up
 * record and the latest ledger entries. Only holders of the SMS account permission open it.
 */
export function SmsAccountDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useWorkplaceI18n();
  const account = useQuery({ ...smsQueries.account(), enabled: visible });
  const title = t('workplace.sms.title');
  return (
    <Drawer
      width={640}
      visible={visible}
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('workplace.sms.close')}</Button>}
      unmountOnExit
      {...dialogAttributes(title)}
      className="workplace-sms"
    >
      <WidgetState query={account} skeletonRows={4}>
        {(data) => (
          <>
            <Summary account={data} />
            <TopupForm />
            <SettingsForm account={data} />
            <section className="workplace-sms__section">
              <Tabs defaultActiveTab="topup" size="small">
                <Tabs.TabPane key="topup" title={t('workplace.sms.topups')}>
                  <LedgerTable kind="topup" />
                </Tabs.TabPane>
                <Tabs.TabPane key="charge" title={t('workplace.sms.charges')}>
                  <LedgerTable kind="charge" />
                </Tabs.TabPane>
              </Tabs>
            </section>
          </>
        )}
      </WidgetState>
    </Drawer>
  );
}
