// Business constants and limits of spec §9, in one place so the UI never repeats a literal.

export const TIMEZONE = 'Europe/Rome';

/**
 * The storefront's languages (spec §2), in the order the language menu lists them: the one list
 * that the build (astro.config.mjs), the pages, the API and the tests read.
 */
export const LOCALES = ['it', 'en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
/** Served without a path prefix; the others live under /en/, /fr/. */
export const DEFAULT_LOCALE = 'it' satisfies Locale;
/** The locales written as a path's first segment. */
export const PREFIXED_LOCALES = LOCALES.filter((l): l is Exclude<Locale, typeof DEFAULT_LOCALE> => l !== DEFAULT_LOCALE);

export const LANGUAGE_COOKIE_KEY = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;

export const PASSWORD_DIALOG_MAX_WIDTH = 500;

export const SNACKBAR_TIMEOUT_MS = 3000;
export const NOTIFICATION_TIMEOUT_MS = {
  info: SNACKBAR_TIMEOUT_MS,
  success: 5000,
  warning: 6000,
  error: 8000,
} as const;

export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5000;
export const PROGRESS_BAR_HEIGHT = '7px';
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** 20%: quantities may vary this much around a reference. */
export const QUANTITY_TOLERANCE = 0.2;
export const MAX_UPLOAD_MB = 8;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** Upper bound of a multi-day price whose rent_days_to is open. */
export const OPEN_RENT_DAYS_TO = 999;
export const MAX_STORED_USER_MEDIAS = 2;
/**
 * Units of one product (as a main item or a used add-on) one order may hold (issue #11): a family or
 * a small group; a bigger group asks the shop. Without it one anonymous order could take a product's
 * whole stock for free. The API refuses more (422 on the line), and the cart never holds more.
 */
export const MAX_UNITS_PER_PRODUCT = 10;

export const KIOSK_TAP_COUNT = 5;
export const KIOSK_TAP_RESET_MS = 30_000;
export const FAKE_POS_DELAY_MS = 2000;
/**
 * A public kiosk returns to its start screen, cart emptied, when nobody touched it for this long
 * (a customer who walked away leaves no data for the next one), and sooner once an order was placed.
 */
export const KIOSK_IDLE_RESET_MS = 180_000;
export const KIOSK_CONFIRMATION_RESET_MS = 60_000;
export const RECEIPT_PRODUCT_CATEGORY = 'R1';
/**
 * A cash desk claims an order before its terminal charges the card; no other desk may start a
 * payment of it meanwhile. Long enough for a customer to find the card and type the PIN; a desk
 * that died with a claim frees the order after this.
 */
export const PAYMENT_CLAIM_TTL_MS = 10 * 60_000;

/** The levels a person can be booked at (the booking's customer form and the cash desk's). */
export const CUSTOMER_LEVELS: readonly string[] = ['principiante', 'intermedio', 'esperto'];

/** Bounds of a person's measures: height (cm), weight (kg), shoe size (EU). */
export const MEASURE_BOUNDS = {
  height: { min: 50, max: 250 },
  weight: { min: 10, max: 250 },
  shoe_size: { min: 1, max: 52 },
} as const;

export const GPX_MOVING_GAP_SECONDS = 15;
export const EARTH_RADIUS_M = 6_371_000;

export const AUTH_TOKEN_TYPE = 'Bearer';


/** Status of the error page when the error carries none (spec §2: "status from the error or 500"). */
export const DEFAULT_ERROR_STATUS = 500;

/**
 * A kiosk's look-up of a scanned unit gives up after this long and the scan goes on unchecked (the
 * API judges it on Confirm): scans are handled one at a time, so a lookup hung on a half-open shop
 * Wi-Fi would otherwise hold every later scan silently behind it. A lookup answers in well under a
 * second; a scanner's next beep should not wait longer than this.
 */
export const KIOSK_LOOKUP_TIMEOUT_MS = 5_000;
/**
 * A read of the wall board gives up after this long, so a hung read does not freeze the board: the
 * next event or fallback poll (every 30 s while not live) reads it again.
 */
export const BOARD_READ_TIMEOUT_MS = 15_000;
/**
 * The payment terminal's receipt and print (and the cashier close) give up after this long: a hung
 * orchestrator left "printing" on screen for ever, hiding "print again". They answer in seconds.
 */
export const TERMINAL_REQUEST_TIMEOUT_MS = 60_000;
/**
 * A card payment gives up waiting after this long (the customer's PIN, the bank's answer): the
 * charge is then in doubt (uncertain, staff read the terminal), never "failed".
 */
export const TERMINAL_PAY_TIMEOUT_MS = 5 * 60_000;
/**
 * Recording a desk payment in the API gives up after this long and is retried (the card was
 * charged): a hung request otherwise held the recording, and its retries, for ever.
 */
export const DESK_RECORD_TIMEOUT_MS = 20_000;
/**
 * Recording the cashier close in the API gives up after this long: the close stays on screen with
 * its retry (the same Idempotency-Key, so a close that landed is not recorded twice).
 */
export const CASHIER_RECORD_TIMEOUT_MS = 20_000;
