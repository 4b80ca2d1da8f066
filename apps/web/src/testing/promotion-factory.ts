import type { Promotion } from '@coffee/contract';

/** The four Promo Today coupons as GET /promotions answers them. */
export function createPromotions(): Promotion[] {
  const base = { audience: 'everyone', frequency: 'daily', benefit: 'free-item' } as const;
  return [
    { ...base, id: 1, name: "Happy Mother's Day", description: 'One menu item free', picture: 'mothers-day', code: 'MOTHERSDAY', terms: ['Available on 22 December only'] },
    {
      ...base,
      id: 2,
      name: 'Sunday Morning Coffee',
      description: 'A cup of coffee free on Sunday morning',
      picture: 'sunday-coffee',
      code: 'SUNDAYCOFFEE',
      audience: 'members',
      terms: ['Available on Sundays 07:00-09:00', 'For Dine in orders only', 'Member card needed (earned when your delivered orders reach IDR 200.000)'],
    },
    { ...base, id: 3, name: 'Happy Halloween', description: 'One Spicy Chicken Wings free', picture: 'halloween', code: 'HALLOWEEN', terms: ['Available on 31 October only'] },
    { ...base, id: 4, name: 'Happy Birthday', description: '25 % off on your birthday', picture: 'birthday', code: 'BIRTHDAY', benefit: 'percent-off', terms: ['Available on your birthday only'] },
  ];
}
