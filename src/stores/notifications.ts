// The snackbar at the top (spec §2, §8): one notice at a time; 3000 ms by default; success 5 s,
// warning 6 s, error 8 s; empty text is ignored.
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { NOTIFICATION_TIMEOUT_MS, SNACKBAR_TIMEOUT_MS } from '../domain/messages';
import { WAKE_ISLANDS_EVENT } from '../scripts/island-events';
import type { NoticeType } from '../domain/messages';
import { PENDING_NOTICE_KEY } from './keys';

export type { NoticeType };

export interface Notice {
  id: number;
  text: string;
  type: NoticeType;
  /** Colour name for the snackbar; none for info. */
  color: string | null;
  icon: string | null;
  timeout: number;
}

export const $notice = atom<Notice | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

const colours: Record<NoticeType, string | null> = { info: null, success: 'success', warning: 'warning', error: 'error' };

export function notify(text: string | null | undefined, type: NoticeType = 'info', options: { icon?: string; timeout?: number } = {}): void {
  if (!text || !text.trim()) return;
  const timeout =
    options.timeout ?? (type === 'info' ? SNACKBAR_TIMEOUT_MS : NOTIFICATION_TIMEOUT_MS[type as keyof typeof NOTIFICATION_TIMEOUT_MS] ?? SNACKBAR_TIMEOUT_MS);
  const notice: Notice = { id: nextId++, text, type, color: colours[type], icon: options.icon ?? null, timeout };
  $notice.set(notice);
  // The snackbar hydrates lazily: make sure it is there to show this.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(WAKE_ISLANDS_EVENT));
  clearTimeout(timer);
  timer = setTimeout(() => {
    if ($notice.get()?.id === notice.id) $notice.set(null);
  }, timeout);
}

export function dismissNotice(): void {
  clearTimeout(timer);
  $notice.set(null);
}

const PendingNoticeSchema = z.object({ text: z.string(), type: z.enum(['info', 'success', 'warning', 'error']) });

/**
 * A notice for the page this tab goes to next (an action that ends with a page load, like logout
 * going home): kept in sessionStorage and shown once by the next page's snackbar.
 */
export function notifyOnNextPage(text: string | null | undefined, type: NoticeType = 'info'): void {
  if (!text || !text.trim()) return;
  try {
    sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify({ text, type }));
  } catch {
    // Storage blocked: the notice is lost, the action itself is not.
  }
}

/** Shows, once, the notice the previous page left (garbage in storage is dropped). */
export function showPendingNotice(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PENDING_NOTICE_KEY);
    sessionStorage.removeItem(PENDING_NOTICE_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const pending = PendingNoticeSchema.safeParse(JSON.parse(raw));
    if (pending.success) notify(pending.data.text, pending.data.type);
  } catch {
    // Not JSON: nothing to show.
  }
}
