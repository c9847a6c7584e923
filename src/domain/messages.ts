/** How serious a notice is: the snackbar's colour and how long it stays (spec §8). */
export type NoticeType = 'info' | 'success' | 'warning' | 'error';

/** How long the snackbar shows a notice (spec §9), by how serious it is: a graver one stays longer. */
export const SNACKBAR_TIMEOUT_MS = 3000;
export const NOTIFICATION_TIMEOUT_MS = {
  info: SNACKBAR_TIMEOUT_MS,
  success: 5000,
  warning: 6000,
  error: 8000,
} as const satisfies Record<NoticeType, number>;

/** A translatable message: an i18n key (existing in i18n/*.json) and its interpolation values. */
export interface I18nMessage {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * What a screen says: a key to translate in the page's language, or a text already in the
 * customer's language (the server's own message, a terminal's notes). Stores keep and pass these;
 * only a component or the snackbar translates.
 */
export type ShownMessage = string | I18nMessage;

/**
 * What a ShownMessage says in the page's language: a key translated with its values by the page's
 * `t`, or a text as it is. Called by the snackbar and the screens showing a stored error, never by
 * a store. Here, with the type, so every page already has it (a module of its own was a chunk more).
 */
export function noticeText(message: ShownMessage, t: (key: string, params?: Record<string, unknown>) => string): string {
  return typeof message === 'string' ? message : t(message.key, message.params);
}
