import type { Category, OptionGroup, SizeCode } from '@coffee/contract';

/** What promotions need to know of a product: its name, its category, and whether it is still on the menu. */
export interface ProductFacts {
  name: string;
  category: Category;
  /** False once staff removed it from the menu. */
  isLive: boolean;
}

/** What the cart and orders need to know about a product to price and check a line, as it is on the menu now. */
export interface CatalogueEntry {
  id: number;
  name: string;
  imageUrl: string | null;
  /** Regular price of a one-size product (whole rupiah). */
  priceIdr: number;
  /** Percent off every price while on promotion (0: none); the cart charges the lower price. */
  promoPercentOff: number;
  isSoldOut: boolean;
  isDeleted: boolean;
  /** Empty for a one-size product; regular prices. */
  sizes: { code: SizeCode; priceIdr: number }[];
  /** The option groups the product offers now. */
  optionGroups: OptionGroup[];
}
