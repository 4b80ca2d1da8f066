import { useState } from 'react';
import type { FormEvent } from 'react';
import { DELIVERY_METHODS, WEEKDAY_NAMES as WEEKDAYS } from '@coffee/contract';
import type { DayHours, DeliveryMethod, Store, StoreInput } from '@coffee/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY_METHOD_NAMES } from '../../../lib/contract-words';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, fieldInputProps } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { dayFormatMessage, dayName, weekdayIn, parseCalendarDay, parseClockTime } from '../../../lib/clock-text';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useSaveStore } from '../api/save-store';
import { SelectOptions } from '../../../components/ui/select-options';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** Indonesia's three clocks; a store elsewhere keeps the zone it already has. */
const TIME_ZONES = [
  { value: 'Asia/Jakarta', label: 'Jakarta (WIB)' },
  { value: 'Asia/Makassar', label: 'Makassar (WITA)' },
  { value: 'Asia/Jayapura', label: 'Jayapura (WIT)' },
];

type DayRow = { open: boolean; from: string; to: string };
type HoursKind = 'openingHours' | 'deliveryHours';

type Values = {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  phone: string;
  /** '' is the shop's clock. */
  timeZone: string;
  deliveryMethods: DeliveryMethod[];
  openingHours: DayRow[];
  deliveryHours: DayRow[];
  closedDates: string[];
  slotMinutes: string;
  capacityPerSlot: Record<DeliveryMethod, string>;
  leadMinutes: string;
};

const rowsOf = (hours: readonly DayHours[], from: string, to: string): DayRow[] =>
  WEEKDAYS.map((_, i) => {
    const day = hours.find((h) => h.day === i + 1);
    return day ? { open: true, from: day.from, to: day.to } : { open: false, from, to };
  });

function valuesOf(store: Store | undefined): Values {
  return {
    name: store?.name ?? '',
    address: store?.address ?? '',
    latitude: store ? String(store.latitude) : '',
    longitude: store ? String(store.longitude) : '',
    phone: store?.phone ?? '',
    // A store that reads the shop's clock answers that zone: shown as the zone it is.
    timeZone: store?.timeZone ?? '',
    deliveryMethods: store?.deliveryMethods ?? ['pick-up', 'dine-in'],
    // A new store starts from the shop's usual hours: every day 09:00-18:00, deliveries on weekdays 13:00-19:00.
    openingHours: rowsOf(store ? store.openingHours : EVERY_DAY.map((day) => ({ day, from: '09:00', to: '18:00' })), '09:00', '18:00'),
    deliveryHours: rowsOf(store ? store.deliveryHours : EVERY_DAY.slice(0, 5).map((day) => ({ day, from: '13:00', to: '19:00' })), '13:00', '19:00'),
    closedDates: store?.closedDates ?? [],
    slotMinutes: String(store?.slotMinutes ?? 15),
    capacityPerSlot: {
      'dine-in': String(store?.capacityPerSlot['dine-in'] ?? 10),
      'door-delivery': String(store?.capacityPerSlot['door-delivery'] ?? 5),
      'pick-up': String(store?.capacityPerSlot['pick-up'] ?? 10),
    },
    leadMinutes: String(store?.leadMinutes ?? 10),
  };
}

/** The words each server field is read after ("Latitude must be ..."); rows of hours are named by their weekday. */
const LABELS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  address: msg`Address`,
  latitude: msg`Latitude`,
  longitude: msg`Longitude`,
  phone: msg`Phone`,
  timeZone: msg`Time zone`,
  deliveryMethods: msg`The store`,
  openingHours: msg`Opening hours`,
  deliveryHours: msg`Delivery hours`,
  closedDates: msg`Closed dates`,
  slotMinutes: msg`Slot length`,
  'capacityPerSlot.dine-in': msg`Dine in orders per slot`,
  'capacityPerSlot.door-delivery': msg`Door Delivery orders per slot`,
  'capacityPerSlot.pick-up': msg`Pick up orders per slot`,
  leadMinutes: msg`Lead time`,
};

/** Turns a message into the screens' language (useLingui's `t`, given by the form). */
type Say = (message: MessageDescriptor) => string;

/** Every label of LABELS in the screens' language. */
const labelsIn = (say: Say): Record<string, string> => Object.fromEntries(Object.entries(LABELS).map(([key, label]) => [key, say(label)]));

/** The days a form row list sends, in weekday order, so a server error's index names its weekday. */
const sentDays = (rows: readonly DayRow[]) => rows.flatMap((row, i) => (row.open ? [i + 1] : []));

type Built = { ok: true; body: StoreInput } | { ok: false; errors: Record<string, string> };

function build(values: Values, say: Say): Built {
  const errors: Record<string, string> = {};
  const number = (key: string, text: string, what: MessageDescriptor, whole: boolean): number => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n) || (whole && !Number.isInteger(n))) {
      const label = say(what);
      errors[key] = whole ? say(msg`${label} must be a whole number`) : say(msg`${label} must be a number, such as -6.2297`);
    }
    return n;
  };
  // Typed on the 24-hour clock ('9:00', '2100' are read too); a row that cannot be read says so beside its weekday.
  const hours = (kind: HoursKind): DayHours[] =>
    values[kind].flatMap((row, i) => {
      if (!row.open) return [];
      const from = parseClockTime(row.from);
      const to = parseClockTime(row.to);
      const day = weekdayIn(i + 1);
      if (!from || !to) errors[`${kind}.${i + 1}`] = say(msg`${day}: write the time as HH:MM on the 24-hour clock, e.g. 19:30.`);
      return [{ day: i + 1, from: from || row.from, to: to || row.to }];
    });
  const body: StoreInput = {
    name: values.name,
    address: values.address,
    latitude: number('latitude', values.latitude, LABELS.latitude!, false),
    longitude: number('longitude', values.longitude, LABELS.longitude!, false),
    phone: values.phone,
    timeZone: values.timeZone === '' ? null : values.timeZone,
    deliveryMethods: DELIVERY_METHODS.filter((m) => values.deliveryMethods.includes(m)),
    openingHours: hours('openingHours'),
    deliveryHours: hours('deliveryHours'),
    closedDates: values.closedDates.filter((d) => d !== ''),
    slotMinutes: number('slotMinutes', values.slotMinutes, LABELS.slotMinutes!, true),
    capacityPerSlot: {
      'dine-in': number('capacityPerSlot.dine-in', values.capacityPerSlot['dine-in'], LABELS['capacityPerSlot.dine-in']!, true),
      'door-delivery': number('capacityPerSlot.door-delivery', values.capacityPerSlot['door-delivery'], LABELS['capacityPerSlot.door-delivery']!, true),
      'pick-up': number('capacityPerSlot.pick-up', values.capacityPerSlot['pick-up'], LABELS['capacityPerSlot.pick-up']!, true),
    },
    leadMinutes: number('leadMinutes', values.leadMinutes, LABELS.leadMinutes!, true),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/**
 * The server names a row of hours by its index in what was sent ("openingHours.2.to"): this puts the error beside
 * that weekday's row, read after the weekday's name; a closed date's error goes under the closures.
 */
function placeServerErrors(error: unknown, values: Values, say: Say): Record<string, string> {
  const labels = labelsIn(say);
  for (const kind of ['openingHours', 'deliveryHours'] as const) {
    sentDays(values[kind]).forEach((isoDay, i) => {
      const day = weekdayIn(isoDay);
      const label = kind === 'openingHours' ? say(msg`Opening hours on ${day}`) : say(msg`Delivery hours on ${day}`);
      for (const end of ['', '.day', '.from', '.to']) labels[`${kind}.${i}${end}`] = label;
    });
  }
  const placed: Record<string, string> = {};
  for (const [field, message] of Object.entries(serverFieldErrors(error, labels))) {
    const row = /^(openingHours|deliveryHours)\.(\d+)/.exec(field);
    const day = row ? sentDays(values[row[1] as HoursKind])[Number(row[2])] : undefined;
    const key = row && day !== undefined ? `${row[1]}.${day}` : field.startsWith('closedDates') ? 'closedDates' : field;
    placed[key] ??= message;
  }
  return placed;
}

type StoreFormProps = {
  /** Absent: a new store. */
  store?: Store | undefined;
  onSaved: (store: Store) => void;
  onCancel: () => void;
};

/** Staff: every setting of a store, new or existing, saved whole (POST or PUT /stores); errors beside their field. */
export function StoreForm({ store, onSaved, onCancel }: StoreFormProps) {
  const { t } = useLingui();
  const say: Say = (message) => t(message);
  const labels = labelsIn(say);
  const [values, setValues] = useState(() => valuesOf(store));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveStore();
  const prefix = `store-${store?.id ?? 'new'}`;
  const storeName = store?.name;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };
  const setRow = (kind: HoursKind, index: number, change: Partial<DayRow>) => {
    setValues((v) => ({ ...v, [kind]: v[kind].map((row, i) => (i === index ? { ...row, ...change } : row)) }));
    setErrors(({ [`${kind}.${index + 1}`]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const built = build(values, say);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { storeId: store?.id ?? null, body: built.body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const placed = placeServerErrors(error, values, say);
          setErrors(placed);
          // An error no field owns (a lost connection, a store that is gone) shows above the buttons.
          if (Object.keys(placed).length === 0) setFailure(errorMessage(error));
        },
      },
    );
  };

  const text = (key: 'name' | 'address' | 'latitude' | 'longitude' | 'phone' | 'slotMinutes' | 'leadMinutes', label: string, options: { hint?: string; inputMode?: 'decimal' | 'numeric'; type?: string } = {}) => (
    <FormField id={`${prefix}-${key}`} label={label} hint={options.hint} error={errors[key]}>
      <input
        type={options.type ?? 'text'}
        inputMode={options.inputMode}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        {...fieldInputProps(`${prefix}-${key}`, { error: errors[key], hint: Boolean(options.hint) })}
      />
    </FormField>
  );

  const zones = TIME_ZONES.some((z) => z.value === values.timeZone) || values.timeZone === ''
    ? TIME_ZONES
    : [...TIME_ZONES, { value: values.timeZone, label: values.timeZone }];

  return (
    <form noValidate onSubmit={submit} aria-label={storeName !== undefined ? t`Settings of ${storeName}` : t`New store`} className="flex flex-col gap-8 rounded-3xl bg-white p-6 shadow-card">
      <div className="grid gap-5 sm:grid-cols-2">
        {text('name', labels.name!)}
        {text('phone', labels.phone!, { type: 'tel', hint: t`Shown to customers; may be empty` })}
        <div className="sm:col-span-2">{text('address', labels.address!)}</div>
        {text('latitude', labels.latitude!, { inputMode: 'decimal', hint: t`Places the store on the map, e.g. -6.2297` })}
        {text('longitude', labels.longitude!, { inputMode: 'decimal', hint: t`e.g. 106.8106` })}
        <FormField id={`${prefix}-timeZone`} label={labels.timeZone} hint={t`Hours, closures and slots are on this clock`} error={errors.timeZone}>
          <select value={values.timeZone} onChange={(event) => set('timeZone', event.target.value)} {...fieldInputProps(`${prefix}-timeZone`, { error: errors.timeZone, hint: true })}>
            <option value="">{t`The shop's clock`}</option>
            <SelectOptions items={zones} value={(z) => z.value} label={(z) => z.label} />
          </select>
        </FormField>
      </div>

      <fieldset>
        <legend className="mb-2 font-display text-lg font-bold text-ink">
          <Trans>Ways to receive an order</Trans>
        </legend>
        <div className="flex flex-wrap gap-5">
          {DELIVERY_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2 text-ink">
              <input
                type="checkbox"
                checked={values.deliveryMethods.includes(method)}
                onChange={(event) =>
                  set('deliveryMethods', event.target.checked ? [...values.deliveryMethods, method] : values.deliveryMethods.filter((m) => m !== method))
                }
              />
              {t(DELIVERY_METHOD_NAMES[method])}
            </label>
          ))}
        </div>
        <FieldError id={`${prefix}-methods-error`} message={errors.deliveryMethods} />
      </fieldset>

      <HoursRows kind="openingHours" legend={t`Opening hours (Dine in and Pick up)`} prefix={prefix} rows={values.openingHours} errors={errors} onRow={setRow} />
      <HoursRows kind="deliveryHours" legend={t`Delivery hours (Door Delivery)`} prefix={prefix} rows={values.deliveryHours} errors={errors} onRow={setRow} />

      <ClosedDays
        prefix={prefix}
        dates={values.closedDates}
        error={errors.closedDates}
        onChange={(dates) => set('closedDates', dates)}
        onError={(message) => setErrors(({ closedDates: _dropped, ...rest }) => (message ? { ...rest, closedDates: message } : rest))}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        {text('slotMinutes', t`Slot length (minutes)`, { inputMode: 'numeric' })}
        {text('leadMinutes', t`Lead time (minutes)`, { inputMode: 'numeric', hint: t`From ordering to the earliest slot` })}
        {DELIVERY_METHODS.map((method) => {
          const key = `capacityPerSlot.${method}`;
          const id = `${prefix}-capacity-${method}`;
          return (
            <FormField key={method} id={id} label={labels[key]} error={errors[key]}>
              <input
                type="text"
                inputMode="numeric"
                value={values.capacityPerSlot[method]}
                onChange={(event) => {
                  const next = event.target.value;
                  setValues((v) => ({ ...v, capacityPerSlot: { ...v.capacityPerSlot, [method]: next } }));
                  setErrors(({ [key]: _dropped, ...rest }) => rest);
                }}
                {...fieldInputProps(id, { error: errors[key] })}
              />
            </FormField>
          );
        })}
      </div>

      {failure && (
        <Alert tone="danger" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : store ? t`Save changes` : t`Add the store`}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** One clock time of a day's row; read as HH:MM when the field is left. */
function TimeInput({ label, value, disabled, describedBy, invalid, onChange }: {
  label: string;
  value: string;
  disabled: boolean;
  describedBy: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      size={5}
      aria-label={label}
      value={value}
      disabled={disabled}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => onChange(parseClockTime(event.target.value) || event.target.value)}
      className="w-20 rounded-xl border border-stone-400 px-3 py-2 disabled:opacity-50"
    />
  );
}

/** A week of hours: each day open or not, from and to. */
function HoursRows({ kind, legend, prefix, rows, errors, onRow }: {
  kind: HoursKind;
  legend: string;
  prefix: string;
  rows: readonly DayRow[];
  errors: Record<string, string>;
  onRow: (kind: HoursKind, index: number, change: Partial<DayRow>) => void;
}) {
  const { t } = useLingui();
  const hintId = `${prefix}-${kind}-hint`;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-display text-lg font-bold text-ink">{legend}</legend>
      <p id={hintId} className="-mt-2 text-sm text-muted">
        <Trans>24-hour clock, HH:MM (e.g. 09:00 to 21:30)</Trans>
      </p>
      {rows.map((row, i) => {
        const day = weekdayIn(i + 1);
        const error = errors[`${kind}.${i + 1}`];
        const errorId = `${prefix}-${kind}-${i}-error`;
        const time = (end: 'from' | 'to') => (
          <TimeInput
            label={end === 'from' ? t`${legend}: ${day} from` : t`${legend}: ${day} to`}
            value={row[end]}
            disabled={!row.open}
            invalid={Boolean(error)}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            onChange={(value) => onRow(kind, i, { [end]: value })}
          />
        );
        return (
          <div key={day} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-3">
              <label className="flex w-40 items-center gap-2 text-ink">
                <input type="checkbox" checked={row.open} onChange={(event) => onRow(kind, i, { open: event.target.checked })} />
                {day}
              </label>
              {time('from')}
              <span aria-hidden="true">
                <Trans>to</Trans>
              </span>
              {time('to')}
            </div>
            <FieldError id={errorId} message={error} />
          </div>
        );
      })}
      <FieldError id={`${prefix}-${kind}-error`} message={errors[kind]} />
    </fieldset>
  );
}

/** The days the store is closed all day: listed, each removable, and a day field to add one. */
function ClosedDays({
  prefix,
  dates,
  error,
  onChange,
  onError,
}: {
  prefix: string;
  dates: readonly string[];
  error: string | undefined;
  onChange: (dates: string[]) => void;
  onError: (message: string | null) => void;
}) {
  const [newClosure, setNewClosure] = useState('');
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-display text-lg font-bold text-ink">
        <Trans>Closed all day on</Trans>
      </legend>
      {dates.length === 0 && (
        <p className="text-sm text-muted">
          <Trans>No closures planned.</Trans>
        </p>
      )}
      <ul className="flex flex-wrap gap-3">
        {dates.map((date) => {
          const day = dayName(date, true);
          return (
            <li key={date} className="flex items-center gap-2 rounded-full bg-page px-4 py-1">
              {day}
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(dates.filter((d) => d !== date))}>
                <Trans>Remove closure on {day}</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
          <Trans>Closure date</Trans>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="DD/MM/YYYY"
            value={newClosure}
            onChange={(event) => {
              setNewClosure(event.target.value);
              onError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${prefix}-closures-error` : undefined}
            className="rounded-xl border border-stone-400 px-3 py-2 font-normal"
          />
        </label>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={newClosure.trim() === ''}
          onClick={() => {
            // Day first, like every day field here ('25/12/2026'); a day that cannot be read stays to be corrected.
            const date = parseCalendarDay(newClosure);
            if (!date) {
              onError(`${dayFormatMessage()}.`);
              return;
            }
            if (!dates.includes(date)) onChange([...dates, date].sort());
            setNewClosure('');
          }}
        >
          <Trans>Add closure</Trans>
        </Button>
      </div>
      <FieldError id={`${prefix}-closures-error`} message={error} />
    </fieldset>
  );
}
