/** A translatable message: an i18n key (existing in i18n/*.json) and its interpolation values. */
export interface I18nMessage {
  key: string;
  params?: Record<string, unknown>;
}
