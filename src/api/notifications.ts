import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { notificationsReplySchema, type NotificationsReply } from '../contracts/checkout-notifications';
import { request, toQueryString } from './http';

export interface NotificationsQuery {
  page: number;
  status?: 'queued' | 'sending' | 'sent' | 'failed' | undefined;
}

/** GET /api/notifications: the outbox, newest first (admins and cashiers). */
export function getNotifications(q: NotificationsQuery, signal?: AbortSignal): Promise<NotificationsReply> {
  return request(
    `/api/notifications${toQueryString({ page: q.page, limit: 20, status: q.status })}`,
    notificationsReplySchema,
    { signal },
  );
}

export function notificationsQueryOptions(q: NotificationsQuery) {
  return queryOptions({
    queryKey: ['notifications', q] as const,
    queryFn: ({ signal }) => getNotifications(q, signal),
    placeholderData: keepPreviousData,
    // Queued messages are retried in the background: keep the screen current while it is open.
    refetchInterval: 10_000,
  });
}

const resendReplySchema = z.object({ success: z.string(), status: z.enum(['sent', 'queued']) });

/** POST /api/notifications/resend {id}: queue a failed or waiting message again and try it now. */
export function resendNotification(id: string): Promise<z.infer<typeof resendReplySchema>> {
  return request('/api/notifications/resend', resendReplySchema, { method: 'POST', body: { id } });
}
