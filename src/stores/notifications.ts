// The snackbar at the top (spec §2, §8): one notice at a time; 3000 ms by default; success 5 s,
// warning 6 s, error 8 s; empty text is ignored. A notice is a translation key with its values
// (the snackbar says it in the page's language: no store translates) or a text already in the
// customer's language (the server's own message, or one an island translated).
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { WAKE_ISLANDS_EVENT } from '../scripts/island-events';
import { NOTIFICATION_TIMEOUT_MS, SNACKBAR_TIMEOUT_MS, type NoticeType, type ShownMessage } from '../domain/messages';
import { PENDING_NOTICE_KEY } from './keys';

export type { NoticeType };
/** What a notice or a stored error says in the page's language (a component passes its `t`). */
export { noticeText } from '../domain/messages';

/** A key to translate, or a text to show as it is. */
export type NoticeMessage = ShownMessage;

/** A NoticeMessage as a store keeps it in storage (an error staff must still see after a reload). */
export const NoticeMessageSchema = z.union([z.string(), z.object({ key: z.string(), params: z.optional(z.record(z.string(), z.unknown())) })]);

export interface Notice {
  id: number;
  message: NoticeMessage;
  type: NoticeType;
  /** Colour name for the snackbar; none for info. */
  color: string | null;
  icon: string | null;
  timeout: number;
}

const colours: Record<NoticeType, string | null> = { info: null, success: 'success', warning: 'warning', error: 'error' };

/** `from`: the page that left it (see notifyOnNextPage). */
const PendingNoticeSchema = z.object({ text: z.string(), type: z.enum(['info', 'success', 'warning', 'error']), from: z.optional(z.string()) });

/** One per page load: tells the page that left a notice from the page it is meant for. */
const newPageId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const isBlank = (message: NoticeMessage | null | undefined): message is null | undefined => !message || (typeof message === 'string' && !message.trim());

/** The snackbar's notice and its actions (its timer, its ids); the page has one (below), a test makes its own. */
export function createNotifications(pageId: string = newPageId()) {
  const $notice = atom<Notice | null>(null);
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function notify(message: NoticeMessage | null | undefined, type: NoticeType = 'info', options: { icon?: string; timeout?: number } = {}): void {
    if (isBlank(message)) return;
    const timeout =
      options.timeout ?? (type === 'info' ? SNACKBAR_TIMEOUT_MS : NOTIFICATION_TIMEOUT_MS[type as keyof typeof NOTIFICATION_TIMEOUT_MS] ?? SNACKBAR_TIMEOUT_MS);
    const notice: Notice = { id: nextId++, message, type, color: colours[type], icon: options.icon ?? null, timeout };
    $notice.set(notice);
    // The snackbar hydrates lazily: make sure it is there to show this.
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(WAKE_ISLANDS_EVENT));
    clearTimeout(timer);
    timer = setTimeout(() => {
      if ($notice.get()?.id === notice.id) $notice.set(null);
    }, timeout);
  }

  function dismissNotice(): void {
    clearTimeout(timer);
    $notice.set(null);
  }

  /**
   * Shows, once, the notice a previous page left (garbage in storage is dropped). One this page
   * left itself stays for the next page: the page goes on running while the next one loads, and
   * its snackbar, woken by the very notice that made it leave, must not take the message along.
   */
  function showPendingNotice(): void {
    let raw: string | null = null;
    try {
      raw = sessionStorage.getItem(PENDING_NOTICE_KEY);
      if (!raw) return;
      const pending = PendingNoticeSchema.safeParse(JSON.parse(raw));
      if (pending.success && pending.data.from === pageId) return;
      sessionStorage.removeItem(PENDING_NOTICE_KEY);
      if (pending.success) notify(pending.data.text, pending.data.type);
    } catch {
      // Storage blocked or not JSON: nothing to show; drop what cannot be read.
      try {
        if (raw) sessionStorage.removeItem(PENDING_NOTICE_KEY);
      } catch {
        // Storage blocked.
      }
    }
  }

  /**
   * A notice for the page this tab goes to next (an action that ends with a page load, like logout
   * going home): kept in sessionStorage and shown once by the next page's snackbar.
   */
  function notifyOnNextPage(text: string | null | undefined, type: NoticeType = 'info'): void {
    if (!text || !text.trim()) return;
    try {
      sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify({ text, type, from: pageId }));
    } catch {
      // Storage blocked: the notice is lost, the action itself is not.
    }
  }

  return { $notice, notify, dismissNotice, showPendingNotice, notifyOnNextPage };
}

export const { $notice, notify, dismissNotice, showPendingNotice, notifyOnNextPage } = createNotifications();

