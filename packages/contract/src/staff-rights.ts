// The staff roles and their rights, with no zod: the screens read them on every page (the first screen too).

/** What a staff account may do: a barista runs the counter, a manager also the menu, an owner the whole shop. */
export const STAFF_ROLES = ['owner', 'manager', 'barista'] as const;
/** The same union as the StaffRole schema's type (staff.ts), named here without zod. */
type Role = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', barista: 'Barista' };

/**
 * The areas of the shop a staff route belongs to, and the roles that may use them. The API checks every staff route
 * against this table and the screens hide what a role may not use, so both read the same rights.
 */
export const STAFF_RIGHTS = {
  /** Orders, the kitchen display, customers' questions, member cards at the counter. */
  orders: ['owner', 'manager', 'barista'],
  /** Products, prices, options. */
  menu: ['owner', 'manager'],
  /** Sold out per store. */
  stock: ['owner', 'manager'],
  /** Paying back a cancelled order. */
  refunds: ['owner', 'manager'],
  /** Stores, their hours and rush controls. */
  stores: ['owner'],
  /** Coupons and promotions. */
  coupons: ['owner'],
  /** Inviting staff, their roles, the audit record. */
  staff: ['owner'],
  /** Reports and exports. */
  reports: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type StaffRight = keyof typeof STAFF_RIGHTS;

export function staffMay(role: Role | null | undefined, right: StaffRight): boolean {
  return role != null && (STAFF_RIGHTS[right] as readonly Role[]).includes(role);
}
