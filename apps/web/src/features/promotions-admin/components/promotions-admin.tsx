import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { CATEGORIES, DELIVERY_METHODS, PROMOTION_AUDIENCES, PROMOTION_BENEFITS, PROMOTION_FREQUENCIES, PROMOTION_PICTURES } from '@coffee/contract';
import type {
  Product,
  PromotionAudience,
  PromotionBenefit,
  PromotionFrequency,
  PromotionInputBody,
  PromotionPicture,
  StaffPromotion,
} from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { dayOfYearText, dayText, parseCalendarDay, parseClockTime, parseDayOfYear, weekdayIn } from '../../../lib/clock-text';
import { CATEGORY_NAMES, DELIVERY_METHOD_NAMES } from '../../../lib/contract-words';
import { isLanguage } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useDeleteStaffPromotion, useSaveStaffPromotion, useStaffPromotions } from '../api/staff-promotions';
import { SelectOptions } from '../../../components/ui/select-options';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** A product a promotion can be bound to, as the menu lists it. */
export type MenuProduct = Pick<Product, 'id' | 'name' | 'category'>;

/** The menu for the qualifying product's picker: the app layer reads it, since a feature does not import another. */
export type PromotionMenu = { products: MenuProduct[]; status: 'loading' | 'ready' | 'failed' };

const PICTURE_LABELS: Record<PromotionPicture, MessageDescriptor> = {
  'mothers-day': msg`Mother's Day`,
  'sunday-coffee': msg`Sunday coffee`,
  halloween: msg`Halloween`,
  birthday: msg`Birthday`,
};
const AUDIENCE_LABELS: Record<PromotionAudience, MessageDescriptor> = {
  everyone: msg`Everyone`,
  'new-customers': msg`New customers (no delivered order yet)`,
  members: msg`Member card holders`,
};
const FREQUENCY_LABELS: Record<PromotionFrequency, MessageDescriptor> = {
  daily: msg`Once a day`,
  once: msg`Once per customer`,
  unlimited: msg`Every order`,
};
const BENEFIT_LABELS: Record<PromotionBenefit, MessageDescriptor> = {
  'percent-off': msg`Percent off the subtotal`,
  'amount-off': msg`Rupiah off the subtotal`,
  'free-item': msg`The cheapest qualifying item free`,
  'buy-one-get-one': msg`Buy one, get one free`,
};
/**
 * The names the API uses in `field`, as this form labels them (the contract's PROMOTION_FIELD_LABELS, with the same
 * English, in the screen's language).
 */
const LABELS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  code: msg`Coupon code`,
  picture: msg`Picture`,
  startsOn: msg`First day`,
  endsOn: msg`Last day`,
  yearlyOn: msg`Day of the year`,
  onBirthday: msg`Birthday only`,
  weekdays: msg`Weekdays`,
  fromTime: msg`Start time`,
  toTime: msg`End time`,
  deliveryMethods: msg`Delivery methods`,
  audience: msg`Who may use it`,
  frequency: msg`How often`,
  benefit: msg`Benefit`,
  benefitValue: msg`Benefit amount`,
  targetProductId: msg`Qualifying product`,
  targetCategory: msg`Qualifying category`,
  isActive: msg`Active`,
};
const labelsIn = (i18n: I18n): Record<string, string> => Object.fromEntries(Object.entries(LABELS).map(([field, label]) => [field, i18n._(label)]));

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
const orNull = (value: string): string | null => (value === '' ? null : value);

/**
 * Days and times are typed day first and on the 24-hour clock ('31/10/2026', '22/12', '17:00') whatever the browser's
 * language; the API keeps 'YYYY-MM-DD', 'MM-DD' and 'HH:mm'. Each reader gives '' for an empty field, null for text
 * it cannot read.
 */
const DAY_FORMAT = msg`Write the day as DD/MM/YYYY, e.g. 26/11/2026.`;
const TIME_FORMAT = msg`Write the time as HH:MM on the 24-hour clock, e.g. 19:30.`;
const READERS: Record<string, { read: (text: string) => string | null; message: MessageDescriptor }> = {
  startsOn: { read: parseCalendarDay, message: DAY_FORMAT },
  endsOn: { read: parseCalendarDay, message: DAY_FORMAT },
  yearlyOn: { read: parseDayOfYear, message: msg`Write the day of the year as DD/MM, e.g. 22/12.` },
  fromTime: { read: parseClockTime, message: TIME_FORMAT },
  toTime: { read: parseClockTime, message: TIME_FORMAT },
};

/** A message under each day or time field whose text is no day or time, before anything is sent, in i18n's language. */
export function unreadableFields(form: FormData, i18n: I18n): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, { read, message }] of Object.entries(READERS)) if (read(text(form, name)) === null) errors[name] = i18n._(message);
  return errors;
}

const readField = (form: FormData, name: string): string | null => orNull(READERS[name]!.read(text(form, name)) ?? text(form, name));

/** The form's fields as the API's body: empty optional fields are null, lists from the checked boxes. */
export function promotionBody(form: FormData): PromotionInputBody {
  const benefitValue = text(form, 'benefitValue');
  const productId = text(form, 'targetProductId');
  return {
    name: text(form, 'name'),
    description: text(form, 'description'),
    picture: text(form, 'picture') as PromotionPicture,
    code: orNull(text(form, 'code')),
    startsOn: readField(form, 'startsOn'),
    endsOn: readField(form, 'endsOn'),
    yearlyOn: readField(form, 'yearlyOn'),
    onBirthday: form.get('onBirthday') === 'on',
    weekdays: form.getAll('weekdays').map(Number),
    fromTime: readField(form, 'fromTime'),
    toTime: readField(form, 'toTime'),
    deliveryMethods: form.getAll('deliveryMethods').map(String) as PromotionInputBody['deliveryMethods'],
    audience: text(form, 'audience') as PromotionAudience,
    frequency: text(form, 'frequency') as PromotionFrequency,
    benefit: text(form, 'benefit') as PromotionBenefit,
    benefitValue: benefitValue === '' ? 0 : Number(benefitValue),
    targetProductId: productId === '' ? null : Number(productId),
    targetCategory: orNull(text(form, 'targetCategory')) as PromotionInputBody['targetCategory'],
    isActive: form.get('isActive') === 'on',
  };
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-display font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Day and time fields are text (a native one draws itself in the browser's language: 11/26/2026, 08:00 PM). */
const DAY_FIELD = { type: 'text', inputMode: 'numeric', autoComplete: 'off' } as const;

const MENU_HINTS: Record<PromotionMenu['status'], MessageDescriptor> = {
  loading: msg`For a free item or buy one get one; none: see the category. Loading the menu…`,
  ready: msg`For a free item or buy one get one; none: see the category.`,
  failed: msg`For a free item or buy one get one; none: see the category. We couldn't load the menu: reload the page to choose another product.`,
};

/**
 * The qualifying product, picked by name from the menu; the API gets its id. The product already chosen stays
 * offered while the menu loads, or when it has left the menu, so saving other rules never drops or swaps it.
 */
function ProductPicker({ promotion, menu, error }: { promotion: StaffPromotion | null; menu: PromotionMenu; error: string | undefined }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState(promotion?.targetProductId ? String(promotion.targetProductId) : '');
  const current = promotion?.targetProductId ?? null;
  const missing = current !== null && !menu.products.some((product) => product.id === String(current));
  const currentName = promotion?.targetProductName ?? t`Product ${current}`;
  const byName = [...menu.products].sort((a, b) => a.name.localeCompare(b.name));
  const id = 'promotion-targetProductId';

  return (
    <Field id={id} label={t`Qualifying product`} error={error} hint={t(MENU_HINTS[menu.status])}>
      <select
        name="targetProductId"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        {...fieldInputProps(id, { error, hint: true })}
      >
        <option value="">{t`None`}</option>
        {missing && (
          <option value={current}>{menu.status === 'ready' ? t`${currentName} (no longer on the menu)` : currentName}</option>
        )}
        {CATEGORIES.map((category) => {
          const products = byName.filter((product) => product.category === category);
          if (products.length === 0) return null;
          return (
            <optgroup key={category} label={t(CATEGORY_NAMES[category])}>
              <SelectOptions items={products} value={(product) => product.id} label={(product) => product.name} />
            </optgroup>
          );
        })}
      </select>
    </Field>
  );
}

type FieldsProps = {
  p: StaffPromotion | null;
  errors: Record<string, string>;
  input: (name: string, options?: { hint?: boolean }) => ReturnType<typeof fieldInputProps>;
};

/** A select of one of the contract's choices, named in words; `anyLabel` names the empty choice where there is one. */
function ChoiceField<Key extends string>({
  name,
  label,
  defaultValue,
  choices,
  labels,
  anyLabel,
  fields: { errors, input },
}: {
  name: string;
  label: string;
  defaultValue: string;
  choices: readonly Key[];
  labels: Record<Key, MessageDescriptor>;
  anyLabel?: string;
  fields: FieldsProps;
}) {
  const { t } = useLingui();
  return (
    <Field id={`promotion-${name}`} label={label} error={errors[name]}>
      <select name={name} defaultValue={defaultValue} {...input(name)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        <SelectOptions items={choices} value={(key) => key} label={(key) => t(labels[key])} />
      </select>
    </Field>
  );
}

/** Checkboxes of one name; none checked means no limit. */
function CheckboxGroup({
  name,
  legend,
  choices,
  error,
}: {
  name: string;
  legend: string;
  choices: { value: string | number; label: string; checked: boolean }[];
  error: string | undefined;
}) {
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `promotion-${name}-error` : undefined}>
      <legend className="font-display font-medium text-ink">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm text-ink">
            <input name={name} type="checkbox" value={choice.value} defaultChecked={choice.checked} className="size-4 accent-espresso" />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError id={`promotion-${name}-error`} message={error} />
    </fieldset>
  );
}

/** When the promotion applies: its days, the day of the year or the birthday, the weekdays and the hours. */
function WhenFields({ p, errors, input }: FieldsProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <Field id="promotion-startsOn" label={t`First day`} error={errors.startsOn} hint={t`DD/MM/YYYY; empty: from now.`}>
        <input name="startsOn" {...DAY_FIELD} placeholder="DD/MM/YYYY" defaultValue={p?.startsOn ? dayText(p.startsOn) : ''} {...input('startsOn', { hint: true })} />
      </Field>
      <Field id="promotion-endsOn" label={t`Last day`} error={errors.endsOn} hint={t`DD/MM/YYYY; empty: no end.`}>
        <input name="endsOn" {...DAY_FIELD} placeholder="DD/MM/YYYY" defaultValue={p?.endsOn ? dayText(p.endsOn) : ''} {...input('endsOn', { hint: true })} />
      </Field>
      <Field id="promotion-yearlyOn" label={t`Day of the year`} error={errors.yearlyOn} hint={t`Day/month, e.g. 22/12; empty: any day.`}>
        <input name="yearlyOn" {...DAY_FIELD} placeholder="DD/MM" defaultValue={p?.yearlyOn ? dayOfYearText(p.yearlyOn) : ''} {...input('yearlyOn', { hint: true })} />
      </Field>
      <label className="flex items-center gap-3 self-end font-display text-ink">
        <input name="onBirthday" type="checkbox" defaultChecked={p?.onBirthday ?? false} className="size-5 accent-espresso" />
        <Trans>Only on the customer's birthday</Trans>
      </label>

      <CheckboxGroup
        name="weekdays"
        legend={t`Weekdays (none checked: every day)`}
        choices={[1, 2, 3, 4, 5, 6, 7].map((day) => ({ value: day, label: weekdayIn(day, 'long', isLanguage(i18n.locale) ? i18n.locale : 'en'), checked: p?.weekdays.includes(day) ?? false }))}
        error={errors.weekdays}
      />
      <Field id="promotion-fromTime" label={t`Start time`} error={errors.fromTime} hint={t`24-hour clock, HH:MM, on the shop's clock; both empty: all day.`}>
        <input name="fromTime" {...DAY_FIELD} placeholder="HH:MM" defaultValue={p?.fromTime ?? ''} {...input('fromTime', { hint: true })} />
      </Field>
      <Field id="promotion-toTime" label={t`End time`} error={errors.toTime}>
        <input name="toTime" {...DAY_FIELD} placeholder="HH:MM" defaultValue={p?.toTime ?? ''} {...input('toTime')} />
      </Field>
    </>
  );
}

/** Who may use it, how often, and what it gives on which item. */
function BenefitFields({ menu, ...fields }: FieldsProps & { menu: PromotionMenu }) {
  const { p, errors, input } = fields;
  const { t } = useLingui();
  return (
    <>
      <ChoiceField name="audience" label={t`Who may use it`} defaultValue={p?.audience ?? 'everyone'} choices={PROMOTION_AUDIENCES} labels={AUDIENCE_LABELS} fields={fields} />
      <ChoiceField name="frequency" label={t`How often`} defaultValue={p?.frequency ?? 'daily'} choices={PROMOTION_FREQUENCIES} labels={FREQUENCY_LABELS} fields={fields} />
      <ChoiceField name="benefit" label={t`Benefit`} defaultValue={p?.benefit ?? 'percent-off'} choices={PROMOTION_BENEFITS} labels={BENEFIT_LABELS} fields={fields} />
      <Field id="promotion-benefitValue" label={t`Benefit amount`} error={errors.benefitValue} hint={t`Percent for percent off, whole rupiah for rupiah off.`}>
        <input name="benefitValue" type="number" min={0} defaultValue={p?.benefitValue ?? ''} {...input('benefitValue', { hint: true })} />
      </Field>
      <ProductPicker promotion={p} menu={menu} error={errors.targetProductId} />
      <ChoiceField
        name="targetCategory"
        label={t`Qualifying category`}
        defaultValue={p?.targetCategory ?? ''}
        choices={CATEGORIES}
        labels={CATEGORY_NAMES}
        anyLabel={t`Any item`}
        fields={fields}
      />
    </>
  );
}

function PromotionForm({ promotion, menu, onDone }: { promotion: StaffPromotion | null; menu: PromotionMenu; onDone: (message: string) => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveStaffPromotion();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const p = promotion;
  const input = (name: string, options: { hint?: boolean } = {}) => fieldInputProps(`promotion-${name}`, { error: errors[name], ...options });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    const form = new FormData(event.currentTarget);
    const unreadable = unreadableFields(form, i18n);
    if (Object.keys(unreadable).length > 0) return setErrors(unreadable);
    try {
      const saved = await save.mutateAsync({ id: p?.id ?? null, body: promotionBody(form) });
      const name = saved.name;
      onDone(p ? t`${name} was saved.` : t`${name} was added.`);
    } catch (error) {
      const fields = serverFieldErrors(error, labelsIn(i18n));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(errorMessage(error));
    }
  };

  const fields: FieldsProps = { p, errors, input };
  const name = p?.name;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="promotion-form-heading"
      className="grid gap-5 rounded-3xl bg-white p-6 shadow-card sm:grid-cols-2"
    >
      <h2 id="promotion-form-heading" className="font-display text-2xl font-bold text-ink sm:col-span-2">
        {name !== undefined ? t`Edit ${name}` : t`New promotion`}
      </h2>
      {(failure || Object.keys(errors).length > 0) && (
        <Alert tone="danger" className="sm:col-span-2">
          {failure ?? t`Some rules need a look: see the messages under the fields.`}
        </Alert>
      )}
      <Field id="promotion-name" label={t`Name`} error={errors.name}>
        <input name="name" type="text" defaultValue={p?.name ?? ''} required {...input('name')} />
      </Field>
      <Field id="promotion-code" label={t`Coupon code`} error={errors.code} hint={t`Letters, digits and dashes; empty: applied by itself.`}>
        <input name="code" type="text" defaultValue={p?.code ?? ''} autoComplete="off" {...input('code', { hint: true })} />
      </Field>
      <div className="sm:col-span-2">
        <Field id="promotion-description" label={t`Description`} error={errors.description}>
          <input name="description" type="text" defaultValue={p?.description ?? ''} {...input('description')} />
        </Field>
      </div>
      <ChoiceField name="picture" label={t`Picture`} defaultValue={p?.picture ?? 'sunday-coffee'} choices={PROMOTION_PICTURES} labels={PICTURE_LABELS} fields={fields} />
      <label className="flex items-center gap-3 self-end font-display text-ink">
        <input name="isActive" type="checkbox" defaultChecked={p?.isActive ?? true} className="size-5 accent-espresso" />
        <Trans>Active (offered to customers)</Trans>
      </label>

      <WhenFields {...fields} />

      <CheckboxGroup
        name="deliveryMethods"
        legend={t`Delivery methods (none checked: all)`}
        choices={DELIVERY_METHODS.map((method) => ({ value: method, label: t(DELIVERY_METHOD_NAMES[method]), checked: p?.deliveryMethods.includes(method) ?? false }))}
        error={errors.deliveryMethods}
      />

      <BenefitFields {...fields} menu={menu} />

      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" variant="primary" shape="soft" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : p ? t`Save promotion` : t`Add promotion`}
        </Button>
        <Button variant="light" shape="soft" className="border border-line" onClick={() => onDone('')}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Staff: every promotion with its rules as customers read them, and a form to add or change one. */
export function PromotionsAdmin({ menu }: { menu: PromotionMenu }) {
  const { t } = useLingui();
  const promotions = useStaffPromotions();
  const remove = useDeleteStaffPromotion();
  // undefined: no form open; null: a new promotion.
  const [editing, setEditing] = useState<StaffPromotion | null | undefined>(undefined);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const done = (message: string) => {
    setEditing(undefined);
    setNotice(message ? { tone: 'success', text: message } : null);
  };
  const deletePromotion = async (p: StaffPromotion) => {
    const name = p.name;
    if (!window.confirm(t`Delete ${name}?`)) return;
    try {
      await remove.mutateAsync(p.id);
      setNotice({ tone: 'success', text: t`${name} was deleted.` });
    } catch (error) {
      setNotice({ tone: 'danger', text: errorMessage(error) });
    }
  };

  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold text-ink">
          <Trans>Promotions</Trans>
        </h1>
        {editing === undefined && (
          <Button variant="primary" shape="soft" onClick={() => setEditing(null)}>
            <Trans>New promotion</Trans>
          </Button>
        )}
      </div>
      {notice && (
        <Alert tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {editing !== undefined && <PromotionForm key={editing?.id ?? 'new'} promotion={editing} menu={menu} onDone={done} />}
      {promotions.isPending && <p className="text-muted">
          <Trans>Loading the promotions…</Trans>
        </p>}
      {promotions.isError && <Alert tone="danger">{errorMessage(promotions.error)}</Alert>}
      {promotions.data?.length === 0 && <p className="text-muted">
          <Trans>No promotions yet.</Trans>
        </p>}
      <ul className="grid gap-4">
        {promotions.data?.map((p) => {
          const name = p.name;
          return (
          <li key={p.id} className="rounded-3xl bg-white p-5 shadow-card">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 className="font-display text-xl font-bold text-ink">
                {p.name} {p.code && <span className="font-mono text-base text-espresso">{p.code}</span>}
              </h2>
              <span className="text-sm text-muted">{p.isActive ? t`Active` : t`Switched off`}</span>
            </div>
            <ul className="mt-2 list-disc pl-5 text-sm text-muted">
              {p.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            <div className="mt-3 flex gap-3">
              <Button variant="outline" size="sm" onClick={() => setEditing(p)} aria-label={t`Edit ${name}`}>
                <Trans>Edit</Trans>
              </Button>
              <Button variant="light" size="sm" className="border border-line" onClick={() => void deletePromotion(p)} aria-label={t`Delete ${name}`}>
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
          );
        })}
      </ul>
    </main>
  );
}
