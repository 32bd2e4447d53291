/** Business constants and limits of both specs' section 9 (and the timings they state elsewhere). */

export const CURRENCY = 'USD';
export const LOCALE = 'en-US';
export const MONEY_DECIMALS = 2;

// Debounces (ms)
export const QUANTITY_DEBOUNCE_MS = 500;
export const VOUCHER_LOOKUP_DEBOUNCE_MS = 500;
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_AUTOCOMPLETE_DEBOUNCE_MS = 250;
export const COPIED_LABEL_RESET_MS = 2000;

// Toasts and feedback (ms)
export const TOAST_LIMIT = 3;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const PAYMENT_ERROR_TOAST_MS = 8000;
/** The heading of a payment failure toast: the spec's §8 wording (docs/decisions/payments.md "Payment Failed! wording"). */
export const PAYMENT_FAILED_TITLE = 'Payment Failed!';
export const ORDER_COMPLETION_ERROR_TOAST_MS = 8000;
export const SCHEDULE_APPOINTMENT_SUCCESS_TOAST_MS = 5000;
export const ADDED_TO_CART_FEEDBACK_MS = 3000;
export const INSTANT_CHECKOUT_REDIRECT_MS = 3000;
export const FINANCING_REFRESH_DELAY_MS = 1000;
export const FITMENT_REVALIDATE_DELAY_MS = 1000;
export const CAPTCHA_BUTTON_REVERT_MS = 1000;

// Quantities
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10000;
export const QUANTITY_SELECTOR_MAX = 10;
export const CHECK_NUMBER_MIN = 1;

/**
 * Most lines one order may hold (ours; the spec sets none). A counter sale rarely passes 50; the cap
 * keeps a device (or a bug) from building an order whose every change grows with its size
 * (docs/decisions/sync.md "Order size, line cap and push deadline").
 */
export const ORDER_LINE_CAP = 500;
export const orderLineCapMessage = (cap: number = ORDER_LINE_CAP): string =>
  `An order can hold at most ${cap} lines. Save this order and start a new one for the rest.`;

// Paging
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_DEFAULT_ORDER = 'desc';
export const PAGINATION_MAX_BUTTONS = 10;
export const CUSTOMER_ADMIN_PAGE_SIZE = 10;
export const CUSTOMER_ADMIN_DEFAULT_PAGE = 1;
export const BLOG_PAGE_SIZE = 9;
export const PACKAGE_WARNING_COMPONENTS = 10;
export const PACKAGE_WARNING_COMPONENTS_CART = 3;
export const HISTORY_THUMBNAIL_MAX_WIDTH_PX = 100;

// Uploads and fields
export const IMAGE_UPLOAD_TYPES = ['.jpg', '.png'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const ZIP_MAX_LENGTH = 10;
export const CAPTCHA_IMAGE_WIDTH_PX = 175;
export const TEXTAREA_ROWS = 3;

// Appointments
export const APPOINTMENT_MIN_DURATION = 15;
export const APPOINTMENT_MAX_DURATION = 480;
export const APPOINTMENT_DURATION_STEP = 15;
export const APPOINTMENT_TIME_WINDOW_MS = 28_800_000;

// Dates
export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  time: 'HH:mm',
  dateTime: 'YYYY-MM-DD HH:mm',
  display: 'M/d/yy h:mm a',
} as const;
export const SERVER_DATE_FORMATS = { date: 'Y-m-d', time: 'H:i', dateTime: 'Y-m-d H:i' } as const;

// Cookies (lifetimes in days)
export const LOCATOR_PICKUP_COOKIE = 'locator_pickup_location';
export const LOCATOR_FILTER_COOKIE = 'locator_filter';
export const LOCATOR_FILTER_COOKIE_DAYS = 0.0208;
export const LOCATOR_POPUP_COOKIE_DAYS = 1 / 288;

// Breakpoints (px)
export const BREAKPOINTS = {
  mobileMax: 767,
  mobile: 768,
  posSmall: 490,
  desktop: 992,
  wide: 1024,
  search: 1199,
  xwide: 1439,
} as const;
export const MOBILE_BANNER_THRESHOLD = 768;

// Dealer locator
export const LOCATOR_MAX_STORES_SHOWN = 3;
export const LOCATOR_SEARCH_RADIUS_MILES = 100;
export const LOCATOR_SEARCH_LIMIT = 20;
export const LOCATOR_MAP_RADIUS_MILES = 50;
export const LOCATOR_NO_RESULTS_MILES = 250;
export const LOCATOR_DISTANCE_DEFAULT = 25;
export const LOCATOR_DISTANCE_MIN = 10;
export const LOCATOR_DISTANCE_MAX = 250;
export const LOCATOR_MAP_ZOOM = 10;

// Media
export const BANNER_IMAGE_WIDTH = 1920;
export const BANNER_IMAGE_QUALITY = 85;
export const GALLERY_SPEED_MS = 500;
export const secondsToMs = (s: number): number => s * 1000;
export const kioskMinutesToMs = (minutes: number): number => minutes * 60 * 1000;

// Search
export const ANALYTICS_PAGE_SIZE = 15;
export const PARTS_INDEX_HITS_PER_PAGE_ANALYTICS = 15;
export const MAX_TAG_MANAGER_CATEGORY_LEVELS = 4;

/** Parts index hits per page: 8 when width over 1199, else 5. */
export function partsHitsPerPage(width: number): number {
  return width > 1199 ? 8 : 5;
}

/** Main search hits per page by viewport width. */
export function searchHitsPerPage(width: number): number {
  if (width > 1199) return 12;
  if (width > 1024) return 10;
  if (width > 832) return 8;
  if (width > 640) return 6;
  return 4;
}

/** Parts get their own column in search suggestions at 1439 px or more. */
export const partsColumnVisible = (width: number): boolean => width >= 1439;

/** Analytics product position: index + 1 + 15 x (page - 1). */
export function analyticsPosition(index: number, page: number): number {
  return index + 1 + ANALYTICS_PAGE_SIZE * (page - 1);
}

/** Grid columns per row at large widths by number of side columns (0 -> 4, 1 -> 3, 2 -> 2). */
export function gridColumns(sideColumns: number): number {
  return Math.max(2, 4 - sideColumns);
}

// Fitment
export const POPULAR_MAKES = ['Chevrolet', 'Ford', 'GMC', 'Jeep', 'Ram', 'Toyota'] as const;
export const POPULAR_MODELS: Readonly<Record<string, readonly string[]>> = {
  Chevrolet: ['Camaro', 'Colorado', 'Corvette', 'Silverado 1500', 'Silverado 2500 HD', 'Silverado 3500 HD'],
  Ford: ['Bronco', 'F-150', 'F-250 Super Duty', 'F-350 Super Duty', 'Mustang', 'Ranger'],
  GMC: ['Canyon', 'Sierra 1500', 'Sierra 2500 HD', 'Sierra 3500 HD'],
  Jeep: ['Gladiator', 'Wrangler'],
  Toyota: ['4Runner', 'Tacoma', 'Tundra'],
};
/** Popular vs All grouping only when ymm_popular_sort equals '1'. */
export const groupsPopular = (ymmPopularSort: string): boolean => ymmPopularSort === '1';
export const DEFAULT_YMM_TAB_LABEL = 'Year/Make/Model';
export const DEFAULT_ENGINE_TAB_LABEL = 'Engine';
export const LISTING_DISPLAY_STORAGE_KEY = 'display';
