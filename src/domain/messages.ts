/** How serious a notice is: the snackbar's colour and how long it stays (spec §8). */
export type NoticeType = 'info' | 'success' | 'warning' | 'error';

/** A translatable message: an i18n key (existing in i18n/*.json) and its interpolation values. */
export interface I18nMessage {
  key: string;
  params?: Record<string, unknown>;
}
