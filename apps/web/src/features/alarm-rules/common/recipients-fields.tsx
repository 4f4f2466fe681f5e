import { RecipientsFields as SharedRecipientsFields } from '../../../shared/ui/recipients-fields.tsx';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

/**
 * Who a rule tells: the shared recipients pickers, named for the rule's two sets (`notify`, and
 * `escalate` for those escalated to) so the two sets of one form are told apart.
 */
export function RecipientsFields({
  base,
  kind,
  i18n,
}: {
  base: string;
  kind: 'notify' | 'escalate';
  i18n: AlarmRulesI18n;
}) {
  const { t } = i18n;
  return (
    <SharedRecipientsFields
      base={base}
      labels={{
        users: t(`alarmRules.recipients.${kind}.users`),
        roles: t(`alarmRules.recipients.${kind}.roles`),
        departments: t(`alarmRules.recipients.${kind}.departments`),
      }}
    />
  );
}
