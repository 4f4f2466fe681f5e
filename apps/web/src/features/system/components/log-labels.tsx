import { Tag } from '@arco-design/web-react';
import { auditActionName, auditModuleName, type Locale, type OperationResult } from '@water/contracts';
import type { SystemAdminI18n, SystemAdminMessageKey } from '../use-system-admin-i18n.ts';

type T = SystemAdminI18n['t'];

const REASONS = new Set(['bad_credentials', 'locked', 'disabled', 'captcha_missing', 'captcha_wrong', 'no_role']);

/** A module the server audits, in words (the contracts' vocabulary); one the table lacks reads as its code. */
export function moduleText(module: string, locale: Locale): string {
  return auditModuleName(module, locale);
}

export function actionText(action: string, locale: Locale): string {
  return auditActionName(action, locale);
}

/** Why a sign-in failed; an unknown reason is shown as the server wrote it. */
export function reasonText(reason: string, t: T): string {
  return REASONS.has(reason) ? t(`sys.log.reason.${reason}` as SystemAdminMessageKey) : reason;
}

const RESULT_COLORS: Record<OperationResult, string> = { success: 'green', failure: 'red', denied: 'orange' };

/** How an operation ended (a sign-in: success or failure; a write may also be denied for want of a permission). */
export function ResultTag({ result, t }: { result: OperationResult; t: T }) {
  return (
    <Tag size="small" color={RESULT_COLORS[result]}>
      {t(`sys.log.result.${result}`)}
    </Tag>
  );
}
