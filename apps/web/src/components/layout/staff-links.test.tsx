import { describe, expect, it } from 'vitest';
import type { AuthUser, StaffRole } from '@coffee/contract';
import { i18n } from '../../lib/i18n';
import { staffLinksFor } from './profile-menu';

const staff = (staffRole: StaffRole): AuthUser => ({ id: 1, email: 's@example.com', role: 'staff', staffRole, displayName: 'S', photoUrl: null });

describe('the staff links each role is offered', () => {
  it('gives a barista the orders only, a manager the menu too, and the owner everything', () => {
    expect(staffLinksFor(staff('barista')).map((l) => i18n._(l.label))).toEqual(['Orders']);
    expect(staffLinksFor(staff('manager')).map((l) => i18n._(l.label))).toEqual(['Add product', 'Orders']);
    expect(staffLinksFor(staff('owner')).map((l) => i18n._(l.label))).toEqual(['Add product', 'Orders', 'Stores', 'Promotions', 'Points and rewards', 'Staff', 'Reports', 'Reconciliation']);
    expect(staffLinksFor({ ...staff('owner'), role: 'customer', staffRole: null })).toEqual([]);
  });
});
