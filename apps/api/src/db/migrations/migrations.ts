import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import { questionsAndProductNamesMigration } from './010-questions-and-product-names.js';
import { catalogueMigration } from './001-catalogue.js';
import { accountsMigration } from './002-accounts.js';
import { ordersMigration } from './003-orders.js';
import { oidcMigration } from './004-oidc.js';
import { optionsMigration } from './005-options.js';
import { orderEventsMigration } from './006-order-events.js';
import { cartIdempotencyMigration } from './007-cart-idempotency.js';
import { storesMigration } from './008-stores.js';
import { promotionsMigration } from './009-promotions.js';
import { orderEmailsMigration } from './011-order-emails.js';
import { promoPricesMigration } from './012-promo-prices.js';
import { cartStoreMigration } from './013-cart-store.js';
import { paymentChargesMigration } from './014-payment-charges.js';
import { passwordResetQueueMigration } from './015-password-reset-queue.js';
import { pushSubscriptionsMigration } from './016-push-subscriptions.js';
import { setupLinksMigration } from './017-setup-links.js';
import { paymentWindowsMigration } from './018-payment-windows.js';
import { kitchenLinesMigration } from './019-kitchen-lines.js';
import { staffRolesMigration } from './020-staff-roles.js';
import { loyaltyMigration } from './022-loyalty.js';
import { favouritesMigration } from './023-favourites.js';
import { loyaltyTiersMigration } from './024-loyalty-tiers.js';
import { refundAccountsMigration } from './025-refund-accounts.js';
import { reportIndexesMigration } from './026-report-indexes.js';
import { storeSoldOutMigration } from './027-store-sold-out.js';
import { walletPaymentsMigration } from './028-wallet-payments.js';
import { orderSalesMigration } from './029-order-sales.js';
import { userLanguageMigration } from './030-user-language.js';

/**
 * Numbered migrations, applied in name order. Listed here (not read from disk) so the compiled
 * server and the tests run exactly the same set. Add new ones at the end; never edit an applied one.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-catalogue': catalogueMigration(dialect),
    '002-accounts': accountsMigration(dialect),
    '003-orders': ordersMigration(dialect),
    '004-oidc': oidcMigration(dialect),
    '005-options': optionsMigration(dialect),
    '006-order-events': orderEventsMigration(dialect),
    '007-cart-idempotency': cartIdempotencyMigration(),
    '008-stores': storesMigration(dialect),
    '009-promotions': promotionsMigration(dialect),
    '010-questions-and-product-names': questionsAndProductNamesMigration(dialect),
    '011-order-emails': orderEmailsMigration(),
    '012-promo-prices': promoPricesMigration(),
    '013-cart-store': cartStoreMigration(),
    '014-payment-charges': paymentChargesMigration(dialect),
    '015-password-reset-queue': passwordResetQueueMigration(dialect),
    '016-push-subscriptions': pushSubscriptionsMigration(dialect),
    '017-setup-links': setupLinksMigration(dialect),
    '018-payment-windows': paymentWindowsMigration(),
    '019-kitchen-lines': kitchenLinesMigration(),
    '020-staff-roles': staffRolesMigration(dialect),
    '022-loyalty': loyaltyMigration(dialect),
    '023-favourites': favouritesMigration(dialect),
    '024-loyalty-tiers': loyaltyTiersMigration(),
    '025-refund-accounts': refundAccountsMigration(),
    '026-report-indexes': reportIndexesMigration(),
    '027-store-sold-out': storeSoldOutMigration(),
    '028-wallet-payments': walletPaymentsMigration(dialect),
    '029-order-sales': orderSalesMigration(dialect),
    '030-user-language': userLanguageMigration(),
  };
}
