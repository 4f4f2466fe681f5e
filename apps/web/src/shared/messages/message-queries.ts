import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Message, type MessageType, messagesApi, type UnreadCounts } from '@water/contracts';
import { useEffect } from 'react';
import { callApi } from '../api/http.ts';
import { liveChannel } from '../live/live-channel.ts';
import { sessionQueries } from '../session/session-queries.ts';

const all = ['messages'] as const;

export const messageQueries = {
  all,
  unread: () =>
    queryOptions({
      queryKey: [...all, 'unread'] as const,
      queryFn: ({ signal }): Promise<UnreadCounts> => callApi(messagesApi.unread, { signal, silent: true }),
      // The live channel keeps it current: never refetched on a timer or on focus.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  list: (type: MessageType) =>
    queryOptions({
      queryKey: [...all, 'list', type] as const,
      queryFn: ({ signal }): Promise<Message[]> => callApi(messagesApi.list, { body: { type }, signal, silent: true }),
    }),
};

/**
 * The bell's unread counts, kept current by the live channel instead of polling: each pushed
 * message or count replaces them, and every (re)connection fetches them once, since events sent
 * while the socket was down are not replayed.
 */
export function useLiveUnread(enabled: boolean): UnreadCounts | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...messageQueries.unread(), enabled });
  useEffect(() => {
    if (!enabled) return;
    const setUnread = (unread: UnreadCounts) => queryClient.setQueryData(messageQueries.unread().queryKey, unread);
    const offs = [
      liveChannel.subscribe('ready', () => {
        void queryClient.invalidateQueries({ queryKey: messageQueries.all });
      }),
      liveChannel.subscribe('unread', (event) => setUnread(event.unread)),
      // Menus or role grants changed on the server: the side menu and the buttons follow at once.
      liveChannel.subscribe('menus', () => {
        void queryClient.invalidateQueries({ queryKey: sessionQueries.all });
      }),
      liveChannel.subscribe('message', (event) => {
        setUnread(event.unread);
        void queryClient.invalidateQueries({ queryKey: [...all, 'list', event.message.type] });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [enabled, queryClient]);
  return data;
}

function markReadInCache(queryClient: ReturnType<typeof useQueryClient>, type: MessageType, ids?: number[]) {
  queryClient.setQueryData<Message[]>(messageQueries.list(type).queryKey, (list) =>
    list?.map((m) => (!ids || ids.includes(m.id) ? { ...m, status: 1 as const } : m)),
  );
}

/**
 * Marks one message read: from the message box, or from where its subject is opened (a notice on the
 * Workplace). The counts arrive on the live channel after the write commits; the list is updated at once.
 */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: Pick<Message, 'id' | 'type'>) => callApi(messagesApi.read, { body: { ids: [message.id] } }),
    onSuccess: (_done, message) => {
      markReadInCache(queryClient, message.type, [message.id]);
      return queryClient.invalidateQueries({ queryKey: messageQueries.unread().queryKey });
    },
  });
}

export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: MessageType) => callApi(messagesApi.readAll, { body: { type } }),
    onSuccess: (_done, type) => {
      markReadInCache(queryClient, type);
      return queryClient.invalidateQueries({ queryKey: messageQueries.unread().queryKey });
    },
  });
}
