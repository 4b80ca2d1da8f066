/**
 * Every text the original shop's specification (docs/spec/storefront-spec.md) gives
 * a screen: headings, labels, buttons, placeholders, messages and sample words, each with the screen the spec puts it
 * on and how to reach it. e2e/spec-texts.spec.ts visits each screen of the built shop and checks each is visible there.
 *
 * Where the spec's words are no longer the whole truth (a fixed sample now real), the shop keeps them beside the
 * truer ones; texts judged not to apply are in NOT_APPLICABLE with the reason, so the count stays honest.
 */

/** Who looks: a visitor (signed out), the demo customer, or staff. */
export type Viewer = 'visitor' | 'customer' | 'staff';

/**
 * What the story does on the screen before looking, when the text is not there on arrival: open the profile menu,
 * put a drink in the cart, send the register form with a field left empty, choose Door Delivery at the checkout, ask
 * for a reset link.
 */
export type Step = 'open-profile-menu' | 'cart-with-a-drink' | 'submit-register-empty' | 'choose-door-delivery' | 'send-reset-link';

export type SpecText = {
  /** The spec's screen, as its section names it. */
  screen: string;
  route: string;
  as: Viewer;
  /** The words as the spec gives them: a visible element's whole text, case-sensitive (spaces normalised). */
  text: string;
  /** The words are part of a longer text (a sentence, a figure with its label): matched inside it, still case-sensitive. */
  within?: true;
  /**
   * How it is shown: text (default), a field's placeholder, a field's label, an option of a visible select, or a
   * browser alert the step raised.
   */
  kind?: 'text' | 'placeholder' | 'label' | 'option' | 'alert';
  step?: Step;
};

const on = (screen: string, route: string, as: Viewer, texts: readonly (string | Omit<SpecText, 'screen' | 'route' | 'as'>)[], step?: Step): SpecText[] =>
  texts.map((t) => ({ screen, route, as, ...(step ? { step } : {}), ...(typeof t === 'string' ? { text: t } : t) }));

export const SPEC_TEXTS: readonly SpecText[] = [
  // 1. Landing page content.
  ...on('Home', '/', 'visitor', [
    'Start Your Day with Coffee and Good Meals',
    'Get Started',
    '90+',
    'Staff',
    '30+',
    'Stores',
    '800+',
    'Customers',
    'We Provide Good Coffee and Healthy Meals',
    'High quality beans',
    'Healthy meals, you can request the ingredients',
    'Free member card with a minimum purchase of IDR 200.000',
    "Here is People's Favorite",
    'Hazelnut Latte',
    'Hazelnut Syrup',
    'Vanilla Whipped Cream',
    'Ice / Hot',
    'Sliced Banana on Top',
    'IDR 34.000',
    'Order Now',
    'Visit Our Store in the Spot on the Map Below',
    'Our Partner',
    'Loved by Thousands of Happy Customer',
    '4.5',
    '4.7',
    '4.8',
    'Check our promo today!',
    "Let's see the deals and pick yours!",
    'See Promo',
    { text: '2020', within: true },
  ]),
  // 2. Navigation bar, signed out and signed in.
  ...on('Navigation (visitor)', '/', 'visitor', ['Home', 'Product', 'Your Cart', 'History', 'Login', 'Sign Up', { text: 'Search', kind: 'placeholder' }]),
  ...on('Navigation (signed in)', '/', 'customer', ['Home', 'Product', 'Your Cart', 'History', { text: 'Search', kind: 'placeholder' }]),
  ...on('Navigation (signed in)', '/', 'customer', ['My Profile', 'Logout'], 'open-profile-menu'),
  // 404.
  ...on('404', '/no-such-page', 'visitor', ['404', 'Page Not Found', 'Back to Home']),
  // Login.
  ...on('Login', '/login', 'visitor', ['Login', 'Forgot Password', 'Login with Google', 'Sign up here', { text: 'Email', kind: 'label' }, { text: 'Password', kind: 'label' }]),
  // Register.
  ...on('Register', '/register', 'visitor', [
    'Sign Up',
    'Forgot Password',
    'Sign Up with Google',
    'Login here',
    { text: 'Email', kind: 'label' },
    { text: 'Password', kind: 'label' },
    { text: 'Phone', kind: 'label' },
  ]),
  ...on(
    'Register',
    '/register',
    'visitor',
    ['email is required', 'password is required', 'phone is required'].map((text) => ({ text, kind: 'alert' as const })),
    'submit-register-empty',
  ),
  // Forgot password.
  ...on('Forgot password', '/forgot-password', 'visitor', ['Send', { text: 'link', kind: 'placeholder' }]),
  // The resend hint, its countdown (live now: it shows 01:52 eight seconds after the link is sent) and Resend Link.
  ...on('Forgot password', '/forgot-password', 'visitor', ["Click here if you didn't receive any link in 2 minutes", '01:52', 'Resend Link'], 'send-reset-link'),
  // Product list.
  ...on('Product list', '/products', 'visitor', [
    'Promo Today',
    'Coupons will be updated every weeks. Check them out!',
    'Apply Coupon',
    'Term and Condition',
    '1 coupon per day',
    'Dine in only',
    'Buy 1 get 1 only for new user',
    'Should make member card to apply coupon',
    // The promo cards' words, inside each card's sentence.
    ...["Mother's Day", 'Sunday', '7 to 9 AM', 'Halloween'].map((text) => ({ text, within: true as const })),
    'Favorite & Promo',
    'Coffee',
    'Non Coffee',
    'Foods',
    'Add-On',
    '*the price has been cutted by discount appears.',
  ]),
  // Product detail.
  ...on('Product detail', '/products/1', 'visitor', [
    'Favorite & Promo',
    'Hazelnut Latte',
    'IDR 34.000',
    'Add to Cart',
    'Ask a Staff',
    'Delivery only on Monday to friday at 1 - 7 pm',
    'Regular',
    'Large',
    'Dine in',
    'Door Delivery',
    'Pick up',
    { text: 'Set time', within: true },
    { text: "Enter the time you'll arrived", kind: 'placeholder' },
    'CHECK OUT',
  ]),
  // Add Product and Edit Product (signed in; the shop lets staff change the menu).
  ...on('Add Product', '/add-products', 'staff', [
    { text: 'Product Name', kind: 'label' },
    { text: 'Price', kind: 'label' },
    'Picture',
    // The category select's options (with its disabled placeholder).
    ...['Coffee', 'Non Coffee', 'Foods', 'Add On'].map((text) => ({ text, kind: 'option' as const })),
    'Save Product',
    'Cancel',
  ]),
  ...on('Edit Product', '/edit-products/1', 'staff', [{ text: 'Product Name', kind: 'label' }, { text: 'Price', kind: 'label' }, 'UpdateProduct', 'Cancel']),
  // Checkout.
  ...on(
    'Checkout',
    '/payment',
    'customer',
    [
      'Order Summary',
      'Hazelnut Latte',
      'x1 Regular',
      'SUBTOTAL',
      'TAX & FEES',
      'SHIPPING',
      'TOTAL',
      'IDR 15.000',
      'Address Detail',
      'Edit',
      'Payment Method',
      'Card',
      'Bank Account',
      'Cash on Delivery',
      'Confirm and pay',
    ],
    'choose-door-delivery',
  ),
  // History.
  ...on('History', '/history', 'customer', ["Let's see what you have bought!", 'Long press to delete item', 'Delivered']),
  // Profile.
  ...on('Profile', '/user', 'customer', [
    'Choose Photo',
    'Remove Photo',
    'Edit Password',
    'Save Change',
    'Cancel',
    'Log out',
    'Contacts',
    'Email address',
    'Delivery address',
    'Mobile number',
    'Details',
    'Display name',
    'First name',
    'Last name',
    { text: 'DD/MM/YY', within: true },
    'Male',
    'Female',
  ]),
];

/** Texts of the spec judged not to apply to the shop, and why: counted, never silently dropped. */
export const NOT_APPLICABLE: readonly { screen: string; text: string; why: string }[] = [
  ...['IDR 25.0', 'creamy ice latte', 'IDR 27.0', 'IDR 52.000', 'IDR 10.000', 'IDR 87.000'].map((text) => ({
    screen: 'Checkout',
    text,
    why: "The checkout's fixed sample lines and figures: the checkout now shows the customer's real cart, at the menu's prices and the shop's tax and fee; a fixed sample beside them would be a wrong bill. The labels (SUBTOTAL, TAX & FEES, SHIPPING, TOTAL) and Door Delivery's IDR 15.000 shipping are kept.",
  })),
];
