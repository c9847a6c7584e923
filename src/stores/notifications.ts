// The snackbar at the top (spec §2, §8): one notice at a time; 3000 ms by default; success 5 s,
// warning 6 s, error 8 s; empty text is ignored.
import { atom } from 'nanostores';
import { NOTIFICATION_TIMEOUT_MS, SNACKBAR_TIMEOUT_MS } from '../domain/constants';
import { WAKE_ISLANDS_EVENT } from '../scripts/wake-islands';
import type { NoticeType } from '../domain/messages';

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
