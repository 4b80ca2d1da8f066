/**
 * The checkout rules that the cart (what an order would cost now), the orders (what it costs when placed)
 * and the shop settings (what a client shows) must share: prices and receiving windows. They live in
 * their own module so that none of those three depends on another for them. Pure functions, no state.
 */
export {
  lineTotalIdr,
  promoPriceIdr,
  summarize,
  toPriceSummary,
  unitPriceWithOptions,
  type DiscountInput,
  type PricedLineInput,
  type PricingSettings,
  type SummaryIdr,
} from './pricing.js';
export {
  DEFAULT_RECEIVING_HOURS,
  RECEIVING_WINDOWS,
  describeHours,
  isInsideWindow,
  resolveRequestedTime,
  type ReceivingHours,
  type RequestedTime,
  type RequestedTimeSettings,
  type WeekHours,
} from './delivery-window.js';
export { inEnglish, joinTexts, sayFor, type Say } from './reader-language.js';
