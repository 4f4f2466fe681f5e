import type { TableColumnProps } from '@arco-design/web-react';
import { useCallback, useState } from 'react';
import { useRoleInfo } from '../session/session-queries.ts';

/**
 * A list column. `key` names it in the column chooser and in the kept choice. `choice` says how the
 * chooser treats it: 'always' (a key column, never hidden: code, name, status, actions), 'shown'
 * (shown until the user hides it, the default) or 'hidden' (offered, shown only when picked).
 */
export type ListColumn<T> = TableColumnProps<T> & {
  key: string;
  choice?: 'always' | 'shown' | 'hidden';
};

/** What the user changed against the defaults: column key → shown. New columns keep their default. */
type Choice = Record<string, boolean>;

const storageKey = (userId: number | undefined, listId: string) => `water-ops:columns:${userId ?? 0}:${listId}`;

function readChoice(key: string): Choice {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean')) as Choice;
  } catch {
    // A damaged entry is the same as none.
    return {};
  }
}

export const isShown = (column: ListColumn<unknown>, choice: Choice) =>
  column.choice === 'always' || (choice[column.key] ?? column.choice !== 'hidden');

/**
 * The columns a user chose to see in one list, kept in this browser per user (each operator of a
 * shared control-room workstation keeps their own).
 */
export function useColumnChoice(listId: string | undefined) {
  const userId = useRoleInfo()?.userInfos?.userId;
  const key = listId ? storageKey(userId, listId) : null;
  const [state, setState] = useState<{ key: string | null; choice: Choice }>(() => ({
    key,
    choice: key ? readChoice(key) : {},
  }));
  // The user (or the list) changed: read that one's choice.
  const current = state.key === key ? state.choice : key ? readChoice(key) : {};
  if (state.key !== key) setState({ key, choice: current });

  const save = useCallback(
    (next: Choice) => {
      setState({ key, choice: next });
      if (!key) return;
      try {
        if (Object.keys(next).length) localStorage.setItem(key, JSON.stringify(next));
        else localStorage.removeItem(key);
      } catch {
        // Storage full or refused: the choice holds for this visit.
      }
    },
    [key],
  );

  return {
    choice: current,
    set: (columnKey: string, shown: boolean, fallback: boolean) => {
      const next = { ...current };
      if (shown === fallback) delete next[columnKey];
      else next[columnKey] = shown;
      save(next);
    },
    reset: () => save({}),
  };
}
