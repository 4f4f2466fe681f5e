import { Form, type FormInstance, type RulesProps } from '@arco-design/web-react';
import { isValidationMessageKey } from '@water/contracts/common/validation';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { errorText, showServerFieldErrors } from './form-rules.ts';
import { useSharedUiI18n } from './use-shared-ui-i18n.ts';

// biome-ignore lint/suspicious/noExplicitAny: any form's values
type AnyValues = Record<string, any>;

/** An emptied picker or number box gives '' or undefined; a contract's "none" is null. */
export const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

interface Options<S extends z.ZodType, R> {
  /** The body's contract schema: the whole of it (its cross-field refines too) runs before sending. */
  schema: S;
  /** The form's values as the body, where the form holds them otherwise (e.g. '' for null). */
  toInput?: (values: z.input<S>) => unknown;
  /** Sends the parsed body. */
  submit: (body: z.output<S>) => Promise<R>;
  /** After a save: the caller closes the drawer, says so, moves on. */
  onSaved: (result: R) => void;
  /** The contract's validation keys in the caller's language (a feature dictionary's `tv`). */
  tv?: (key: string) => string;
  /**
   * The whole-schema check failed: puts its issues on the form where one top-level field is not the
   * place (rows of a nested list) and gives the failure's text. Without it the first issue goes on
   * its field.
   */
  onInvalid?: (issues: z.ZodError['issues'], form: FormInstance<z.input<S>>, input: unknown) => string;
}

export interface ContractForm<S extends z.ZodType> {
  form: FormInstance<z.input<S>>;
  /** Sending: the form is disabled and the save button spins. */
  pending: boolean;
  /** Why the last save failed (the server's message, or the first invalid field's), else null. */
  failure: string | null;
  clearFailure: () => void;
  /** The form's `onSubmit`: the contract, then the request, then server field errors on their fields. */
  onSubmit: (values: z.input<S>) => Promise<void>;
  /** One field's rule from the contract, so the console refuses exactly what the server would. */
  rule: (field: keyof z.input<S> & string) => RulesProps;
  /** A "required" rule in the shared words, for pickers whose contract field has no message of its own. */
  required: RulesProps;
}

/** The object schema inside refines and pipes, to read a field's schema from. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = (schema as unknown as { def?: { shape?: unknown; in?: z.ZodType } }).def;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (shape) return shape;
  if (def?.in) return shapeOf(def.in);
  return {};
}

/**
 * A form whose values are the contract's input (`z.input`), checked with the contract's schema field
 * by field as the user types and whole before sending; the failure, the pending state and the
 * server's field errors are kept here, once for every drawer.
 */
export function useContractForm<S extends z.ZodType, R>({
  schema,
  toInput,
  submit,
  onSaved,
  tv: featureTv,
  onInvalid,
}: Options<S, R>): ContractForm<S> {
  const shared = useSharedUiI18n();
  const tv = featureTv ?? shared.tv;
  const [form] = Form.useForm<z.input<S>>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (values: z.input<S>) => {
    setFailure(null);
    const input = toInput ? toInput(values) : values;
    const parsed = schema.safeParse(input);
    if (!parsed.success && onInvalid) {
      setFailure(onInvalid(parsed.error.issues, form, input));
      return;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = tv(issue?.message ?? '');
      // A nested field's dotted path (`groups.0.conditions.1.metric`) reaches its row's box, as the
      // server's field errors do.
      const field = issue?.path.map(String).join('.');
      if (field) {
        form.setFields({ [field]: { error: { message } } } as Parameters<FormInstance<AnyValues>['setFields']>[0]);
      }
      setFailure(message);
      return;
    }
    setPending(true);
    try {
      const result = await submit(parsed.data);
      setPending(false);
      onSaved(result);
    } catch (error) {
      setPending(false);
      showServerFieldErrors(form as unknown as FormInstance<AnyValues>, error);
      setFailure(errorText(error, shared.t('form.requestFailed')));
    }
  };

  const shape = shapeOf(schema);
  const rule = (field: string): RulesProps => ({
    validator: (value, callback) => {
      const fieldSchema = shape[field];
      if (!fieldSchema) return callback();
      // An untouched text box is '', an emptied picker undefined, a contract's "none" null: the
      // field passes if the contract takes the value in any of these forms.
      const tries = value === '' || value === undefined || value === null ? ['', undefined, null] : [value];
      let first: string | undefined;
      for (const candidate of tries) {
        const result = fieldSchema.safeParse(candidate);
        if (result.success) return callback();
        first ??= result.error.issues[0]?.message;
      }
      callback(tv(first ?? ''));
    },
  });

  return {
    form,
    pending,
    failure,
    clearFailure: useCallback(() => setFailure(null), []),
    onSubmit,
    rule,
    required: { required: true, message: shared.t('form.required') },
  };
}

/**
 * An `onInvalid` for a form with a list of rows (`values[2].value`): every issue on its box, rows by
 * their place, and the first in words with its row. `rowFallback` words an issue the contract did not
 * word (a type issue: an empty number) by its field; `rowIssue` puts a row's number before a message.
 */
export function showRowIssues<V extends AnyValues>(
  issues: readonly { path: PropertyKey[]; message: string }[],
  form: FormInstance<V>,
  {
    list,
    tv,
    rowFallback,
    rowIssue,
  }: {
    list: string;
    tv: (key: string) => string;
    rowFallback: (field: string) => string;
    rowIssue: (n: number, message: string) => string;
  },
): string {
  const errors: Record<string, { error: { message: string } }> = {};
  const texts: string[] = [];
  for (const issue of issues) {
    const [top, index, field] = issue.path.map(String);
    if (top === list && index !== undefined && field !== undefined) {
      const message = isValidationMessageKey(issue.message) ? tv(issue.message) : rowFallback(field);
      errors[`${list}[${index}].${field}`] ??= { error: { message } };
      texts.push(rowIssue(Number(index) + 1, message));
    } else {
      const message = tv(issue.message);
      if (top) errors[top] ??= { error: { message } };
      texts.push(message);
    }
  }
  form.setFields(errors as Parameters<FormInstance<V>['setFields']>[0]);
  return texts[0] ?? tv('');
}
