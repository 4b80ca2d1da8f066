import { useEffect, useRef, useState } from 'react';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CATEGORIES,
  MAX_PRODUCT_PRICE,
  MAX_PROMO_PERCENT_OFF,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  SIZE_CODES,
  SIZE_LABELS,
} from '@coffee/contract';
import type { Category, CreateProductInput, OptionGroup, Product, SizeCode } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, fieldIds, fieldInputProps, inputStyles } from '../../../components/ui/form-field';
import { MAX_PICTURE_MB, PictureChooser, PictureFrame, useRevokeObjectUrl } from '../../../components/ui/picture-chooser';
import { Price } from '../../../components/ui/price';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { SelectOptions } from '../../../components/ui/select-options';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';

/** The category select's options, in the menu's tab order and with the original shop's words. */
export const CATEGORY_OPTIONS: ReadonlyArray<{ value: Category; label: MessageDescriptor }> = [
  { value: 'coffee', label: msg`Coffee` },
  { value: 'non-coffee', label: msg`Non Coffee` },
  { value: 'foods', label: msg`Foods` },
  { value: 'add-on', label: msg`Add On` },
];
const DRINKS: readonly Category[] = ['coffee', 'non-coffee'];

const wholePrice = (i18n: I18n, field: string) => {
  const max = MAX_PRODUCT_PRICE;
  return z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), i18n._(msg`${field} must be a whole number of thousands of rupiah (34 means IDR 34.000)`))
    .refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= MAX_PRODUCT_PRICE), i18n._(msg`${field} must be from 1 to ${max}`));
};

/** The form's rules, worded in the screen's language (built on each render: a language switch rewords them). */
function productSchema(i18n: I18n) {
  const nameMax = PRODUCT_NAME_MAX_LENGTH;
  const descriptionMax = PRODUCT_DESCRIPTION_MAX_LENGTH;
  const percentMax = MAX_PROMO_PERCENT_OFF;
  return z.object({
    name: z.string().trim().min(1, i18n._(msg`Enter the product name`)).max(PRODUCT_NAME_MAX_LENGTH, i18n._(msg`Use at most ${nameMax} characters`)),
    price: wholePrice(i18n, i18n._(msg`Price`)).refine((v) => v !== '', i18n._(msg`Enter the price`)),
    // '' is the disabled placeholder: nothing chosen yet.
    category: z.string().refine((v) => (CATEGORIES as readonly string[]).includes(v), i18n._(msg`Choose a category`)),
    description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX_LENGTH, i18n._(msg`Use at most ${descriptionMax} characters`)),
    sizes: z.object({ R: wholePrice(i18n, i18n._(msg`Regular price`)), L: wholePrice(i18n, i18n._(msg`Large price`)), XL: wholePrice(i18n, i18n._(msg`Extra Large price`)) }),
    isFavorite: z.boolean(),
    isPromo: z.boolean(),
    promoPercentOff: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= MAX_PROMO_PERCENT_OFF), i18n._(msg`Promo % off must be a whole number from 0 to ${percentMax}`)),
    isSoldOut: z.boolean(),
  });
}
export type ProductFormValues = z.infer<ReturnType<typeof productSchema>>;

/** The API's field names as the form labels them, for its errors. */
const labelsOf = (i18n: I18n): Record<string, string> => ({
  name: i18n._(msg`Product name`),
  price: i18n._(msg`Price`),
  category: i18n._(msg`Category`),
  description: i18n._(msg`Description`),
  sizes: i18n._(msg`Sizes`),
  image: i18n._(msg`Picture`),
  promoPercentOff: i18n._(msg`Promo % off`),
});

function valuesOf(product: Product | undefined): ProductFormValues {
  const sizePrice = (code: SizeCode) => String(product?.sizes.find((s) => s.code === code)?.price ?? '');
  return {
    name: product?.name ?? '',
    price: product ? String(product.price) : '',
    category: product?.category ?? '',
    description: product?.description ?? '',
    sizes: { R: sizePrice('R'), L: sizePrice('L'), XL: sizePrice('XL') },
    isFavorite: product?.isFavorite ?? false,
    isPromo: product?.isPromo ?? false,
    promoPercentOff: product && product.promoPercentOff > 0 ? String(product.promoPercentOff) : '',
    isSoldOut: product?.isSoldOut ?? false,
  };
}

/** The form's text values as the API's fields: numbers for prices, sizes left empty are not sold. */
export function productFields(values: ProductFormValues, showSizes: boolean): CreateProductInput {
  const sizes = SIZE_CODES.filter((code) => values.sizes[code].trim() !== '').map((code) => ({ code, price: Number(values.sizes[code]) }));
  return {
    name: values.name.trim(),
    price: Number(values.price),
    category: values.category as Category,
    description: values.description.trim(),
    // Foods and most add-ons come in one size: no sizes at all.
    sizes: showSizes ? sizes : [],
    isFavorite: values.isFavorite,
    isPromo: values.isPromo,
    // Empty means no promotional price: every size is charged its regular price.
    promoPercentOff: values.promoPercentOff.trim() === '' ? 0 : Number(values.promoPercentOff),
    isSoldOut: values.isSoldOut,
  };
}

export type PictureChoice = { file: File | null; remove: boolean };

type ProductFormProps = {
  /** The product being edited; absent on Add Product. */
  product?: Product;
  /** Saves; throws an ApiError on failure (the form then stays as it is, with the error shown). */
  onSubmit: (fields: CreateProductInput, picture: PictureChoice) => Promise<unknown>;
  onCancel: () => void;
  /** Edit Product only: the Delete button, after a confirmation. */
  deleteAction?: ReactNode;
  /** Every option group staff defined (milk, sugar...), to attach to the product; absent while unknown. */
  optionGroups?: ReadonlyArray<OptionGroup> | undefined;
};

/**
 * Add Product / Edit Product. Unlike the original, a failed save stays on the form with what was typed
 * and says what went wrong, next to the field when the API names one, so nothing typed is lost.
 */
export function ProductForm({ product, onSubmit, onCancel, deleteAction, optionGroups }: ProductFormProps) {
  const { t, i18n } = useLingui();
  const editing = product !== undefined;
  // In the order the product shows them; a newly ticked group goes last.
  const [groupIds, setGroupIds] = useState<number[]>(() => product?.optionGroups.map((g) => g.id) ?? []);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ resolver: zodResolver(productSchema(i18n)), defaultValues: valuesOf(product) });
  const pictureChoice = usePictureChoice();
  const { picture, removePicture, pictureRefused, setPictureError } = pictureChoice;
  const [failure, setFailure] = useState<string | null>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const [name, category, price] = useWatch({ control, name: ['name', 'category', 'price'] });
  const showSizes = DRINKS.includes(category as Category) || (product?.sizes.length ?? 0) > 0;
  // A product saved without a picture shows its category's default picture (the same for every such product).
  const noPictureLabel = editing
    ? t`No picture: the menu shows the category's picture until one is chosen`
    : name.trim() && category
      ? t`No picture chosen: the menu shows the category's picture`
      : t`No picture chosen`;

  const submit = async (values: ProductFormValues) => {
    setFailure(null);
    if (pictureRefused) {
      // Nothing is saved: the form stays as it is until another picture is chosen or the refused one is let go.
      chooseRef.current?.focus();
      return;
    }
    setPictureError(null);
    try {
      // Sent only once the groups are known, so a save never drops groups the form could not show.
      const attach = optionGroups !== undefined && (editing || groupIds.length > 0);
      const fields = attach ? { ...productFields(values, showSizes), optionGroupIds: groupIds } : productFields(values, showSizes);
      await onSubmit(fields, { file: picture?.file ?? null, remove: removePicture && !picture });
    } catch (error) {
      const server = serverFieldErrors(error, labelsOf(i18n));
      if (server.image) {
        setPictureError(server.image);
        chooseRef.current?.focus();
        return;
      }
      const sizeField = Object.keys(server).find((field) => field.startsWith('sizes'));
      const fields = (['name', 'price', 'category', 'description', 'promoPercentOff'] as const).filter((field) => server[field]);
      for (const field of fields) setError(field, { type: 'server', message: server[field] });
      if (sizeField) setError('sizes', { type: 'server', message: server[sizeField] });
      if (fields[0]) setFocus(fields[0]);
      else if (sizeField) setFocus('sizes.R');
      else setFailure(errorMessage(error));
    }
  };

  const field = (name: 'name' | 'price' | 'category' | 'description', options: { hint?: boolean; className?: string } = {}) =>
    fieldInputProps(`product-${name}`, { error: errors[name]?.message, ...options });

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate aria-busy={isSubmitting} className="grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-12">
      {failure && (
        <div ref={failureRef} tabIndex={-1} className="focus:outline-none lg:col-span-2">
          <Alert tone="danger" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        </div>
      )}

      <PictureSection product={product} noPictureLabel={noPictureLabel} choice={pictureChoice} busy={isSubmitting} chooseRef={chooseRef} />

      <div className="flex min-w-0 flex-col gap-7">
        <FormField id="product-name" label={t`Product Name`} error={errors.name?.message}>
          <input type="text" placeholder={t`Type product name`} autoComplete="off" {...field('name')} {...register('name')} />
        </FormField>

        <PriceField price={price} input={{ ...field('price', { hint: true, className: 'pr-16 pl-14' }), ...register('price') }} error={errors.price?.message} />

        <FormField id="product-category" label={t`Category`} error={errors.category?.message}>
          <select {...field('category', { className: 'appearance-auto' })} {...register('category')}>
            <option value="" disabled>
              {t`Select category`}
            </option>
            <SelectOptions items={CATEGORY_OPTIONS} value={(option) => option.value} label={(option) => t(option.label)} />
          </select>
        </FormField>

        <FormField id="product-description" label={t`Description`} error={errors.description?.message}>
          <textarea
            rows={3}
            placeholder={t`Describe your product`}
            {...field('description', { className: 'resize-y' })}
            {...register('description')}
          />
        </FormField>

        {showSizes && <SizesFieldset register={register} errors={errors.sizes} />}

        {optionGroups && optionGroups.length > 0 && <OptionGroupsFieldset groups={optionGroups} chosen={groupIds} onChange={setGroupIds} />}

        <OnTheMenuFieldset register={register} error={errors.promoPercentOff?.message} />

        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <Button type="submit" variant="primary" size="lg" shape="soft" disabled={isSubmitting} className="sm:min-w-52">
            {isSubmitting ? t`Saving…` : editing ? t`UpdateProduct` : t`Save Product`}
          </Button>
          <Button variant="light" size="lg" shape="soft" disabled={isSubmitting} onClick={onCancel} className="border border-line sm:min-w-40">
            <Trans>Cancel</Trans>
          </Button>
          {deleteAction && <div className="sm:ml-auto">{deleteAction}</div>}
        </div>
      </div>
    </form>
  );
}

/** The picture being chosen, removed or refused, and what the form shows for it. */
function usePictureChoice() {
  const [picture, setPicture] = useState<{ file: File; url: string } | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [pictureError, setPictureError] = useState<string | null>(null);
  // A picture the chooser refused (too large, not a picture): saving then would add the product without it.
  const [pictureRefused, setPictureRefused] = useState(false);
  useRevokeObjectUrl(picture?.url ?? null);
  const refuse = (message: string) => {
    setPictureError(message);
    setPictureRefused(true);
  };
  const choose = (file: File, url: string) => {
    setPictureRefused(false);
    setPictureError(null);
    setRemovePicture(false);
    setPicture({ file, url });
  };
  return { picture, setPicture, removePicture, setRemovePicture, pictureError, setPictureError, pictureRefused, setPictureRefused, choose, refuse };
}

/** The product's picture: the current one or the chosen one's preview, and the buttons to change it. */
function PictureSection({
  product,
  noPictureLabel,
  choice,
  busy,
  chooseRef,
}: {
  product: Product | undefined;
  noPictureLabel: string;
  choice: ReturnType<typeof usePictureChoice>;
  busy: boolean;
  chooseRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  const { picture, setPicture, removePicture, setRemovePicture, pictureError, setPictureError, pictureRefused, setPictureRefused, choose, refuse } = choice;
  const productName = product?.name;
  const maxMb = MAX_PICTURE_MB;
  const existingUrl = product && !removePicture ? product.imageUrl : null;
  const shownUrl = picture?.url ?? existingUrl;
  const pictureIds = fieldIds('product-picture');
  return (
    <section aria-labelledby="product-picture-heading" className="flex flex-col items-center gap-5">
      <h2 id="product-picture-heading" className="sr-only">
        <Trans>Picture</Trans>
      </h2>
      <PictureFrame
        src={shownUrl}
        alt={picture ? t`Preview of the chosen picture` : productName ? t`Current picture of ${productName}` : t`Current picture of the product`}
        className="aspect-square w-64 shadow-card sm:w-72"
        fallback={
          <div role="img" aria-label={noPictureLabel} className="grid size-full place-items-center text-espresso/50">
            <svg viewBox="0 0 48 48" aria-hidden="true" className="size-20" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round">
              <path d="M8 15h8l3-5h10l3 5h8v23H8z" />
              <circle cx="24" cy="26" r="7" />
            </svg>
          </div>
        }
      />
      <div className="flex w-full max-w-xs flex-col gap-3">
        <PictureChooser
          noun="picture"
          onChoose={choose}
          onReject={refuse}
          ref={chooseRef}
          variant="accent"
          size="lg"
          shape="soft"
          disabled={busy}
          aria-describedby={pictureError ? `${pictureIds.hint} ${pictureIds.error}` : pictureIds.hint}
        >
          {shownUrl ? t`Change Picture` : t`Choose Picture`}
        </PictureChooser>
        {(picture || existingUrl) && (
          <Button
            variant="light"
            shape="soft"
            disabled={busy}
            className="border border-line"
            onClick={() => {
              if (picture) setPicture(null);
              else setRemovePicture(true);
            }}
          >
            {picture ? t`Undo Picture Change` : t`Remove Picture`}
          </Button>
        )}
        {removePicture && !picture && (
          <Button variant="ghost" size="sm" onClick={() => setRemovePicture(false)}>
            <Trans>Keep the current picture</Trans>
          </Button>
        )}
      </div>
      <p id={pictureIds.hint} className="max-w-xs text-center text-sm text-muted">
        {product
          ? t`JPEG, PNG, WebP or GIF up to ${maxMb} MB.`
          : t`Optional. JPEG, PNG, WebP or GIF up to ${maxMb} MB; without one, the menu shows the category's picture.`}
      </p>
      <FieldError id={pictureIds.error} message={pictureError ?? undefined} />
      {pictureRefused && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setPictureRefused(false);
            setPictureError(null);
          }}
        >
          <Trans>Continue without this picture</Trans>
        </Button>
      )}
    </section>
  );
}

/** The price in thousands of rupiah, as the menu writes it, with what the menu will show. */
function PriceField({ price, input, error }: { price: string; input: ComponentProps<'input'>; error: string | undefined }) {
  const { t } = useLingui();
  return (
    <FormField
      id="product-price"
      label={t`Price`}
      hint={
        <>
          <Trans>In thousands of rupiah, as the menu shows it: 34 is IDR 34.000.</Trans>
          {/^\d+$/.test(price.trim()) && Number(price) > 0 && (
            <>
              {' '}
              <Trans>
                Shown as <Price amount={Number(price) * 1000} className="font-medium text-espresso" />.
              </Trans>
            </>
          )}
        </>
      }
      error={error}
    >
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-5 -translate-y-1/2 font-medium text-muted">
          IDR
        </span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PRODUCT_PRICE}
          step={1}
          placeholder={t`Type the price`}
          {...input}
        />
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-5 -translate-y-1/2 font-medium text-muted">
          .000
        </span>
      </div>
    </FormField>
  );
}

type ToggleProps = UseFormRegisterReturn & { label: string };

function Toggle({ label, ...input }: ToggleProps) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-full border border-line bg-white px-4 py-2 font-display text-ink has-[:checked]:border-espresso has-[:checked]:bg-crema-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-espresso">
      <input type="checkbox" className="size-5 accent-espresso focus-visible:outline-none" {...input} />
      {label}
    </label>
  );
}

/** The price of each size, in thousands of rupiah; an empty size is not sold. */
function SizesFieldset({ register, errors }: { register: UseFormRegister<ProductFormValues>; errors: FieldErrors<ProductFormValues>['sizes'] }) {
  const sizesError = errors?.message ?? errors?.R?.message ?? errors?.L?.message ?? errors?.XL?.message;
  return (
    <fieldset aria-describedby={cn(fieldIds('product-sizes').hint, sizesError && fieldIds('product-sizes').error)}>
      <legend className="font-display font-medium text-ink">
        <Trans>Sizes</Trans>
      </legend>
      <p id={fieldIds('product-sizes').hint} className="mt-1 text-sm text-muted">
        <Trans>Price of each size in thousands of rupiah. Leave a size empty if it is not sold.</Trans>
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        {SIZE_CODES.map((code) => (
          <div key={code} className="flex flex-col gap-2">
            <label htmlFor={`product-size-${code}`} className="text-sm font-medium text-ink">
              {SIZE_LABELS[code]} ({code})
            </label>
            <input
              id={`product-size-${code}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PRODUCT_PRICE}
              step={1}
              aria-invalid={errors?.[code] ? true : undefined}
              className={inputStyles({ invalid: Boolean(errors?.[code]) })}
              {...register(`sizes.${code}`)}
            />
          </div>
        ))}
      </div>
      <FieldError id={fieldIds('product-sizes').error} message={sizesError} />
    </fieldset>
  );
}

/** The option groups a customer chooses from on the product page, in the order they were ticked. */
function OptionGroupsFieldset({ groups, chosen, onChange }: { groups: ReadonlyArray<OptionGroup>; chosen: number[]; onChange: (ids: number[]) => void }) {
  return (
    <fieldset>
      <legend className="font-display font-medium text-ink">
        <Trans>Drink options</Trans>
      </legend>
      <p className="mt-1 text-sm text-muted">
        <Trans>What a customer chooses on the product page, in the order ticked.</Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {groups.map((group) => (
          <label key={group.id} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={chosen.includes(group.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, group.id] : chosen.filter((id) => id !== group.id))
              }
            />
            {group.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Favorite, Promo and Sold out, and the promotion's percent off. */
function OnTheMenuFieldset({ register, error }: { register: UseFormRegister<ProductFormValues>; error: string | undefined }) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend className="font-display font-medium text-ink">
        <Trans>On the menu</Trans>
      </legend>
      <div className="mt-3 flex flex-wrap gap-3">
        <Toggle label={t`Favorite`} {...register('isFavorite')} />
        <Toggle label={t`Promo`} {...register('isPromo')} />
        <Toggle label={t`Sold out`} {...register('isSoldOut')} />
      </div>
      <p className="mt-2 text-sm text-muted">
        <Trans>Favorite and Promo products appear in the Favorite &amp; Promo tab.</Trans>
      </p>
      <FormField
        id="product-promoPercentOff"
        label={t`Promo % off`}
        hint={t`Taken off every size's price while on promotion; the menu shows the regular price struck through. Leave empty for none.`}
        error={error}
        className="mt-4 max-w-xs"
      >
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t`e.g. 20`}
          {...fieldInputProps('product-promoPercentOff', { error: error, hint: true })}
          {...register('promoPercentOff')}
        />
      </FormField>
    </fieldset>
  );
}
