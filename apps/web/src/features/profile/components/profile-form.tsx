import { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_PATTERN } from '@coffee/contract';
import type { Language, UpdateProfileInput, UserProfile } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, fieldIds, fieldInputProps, inputStyles } from '../../../components/ui/form-field';
import { MAX_PICTURE_MB, PictureChooser, PictureFrame, useRevokeObjectUrl } from '../../../components/ui/picture-chooser';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { currentLanguage, switchLanguage } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useRemoveProfilePhoto, useUpdateProfile, useUploadProfilePhoto } from '../api/update-profile';
import { formatDateOfBirth, parseDateOfBirth } from './date-of-birth';
import { PasswordDialog } from './password-dialog';

type Values = {
  displayName: string;
  firstName: string;
  lastName: string;
  phone: string;
  deliveryAddress: string;
  dateOfBirth: string;
  gender: '' | 'male' | 'female';
  orderEmails: boolean;
  language: Language;
};
type TextField = Exclude<keyof Values, 'dateOfBirth' | 'gender' | 'orderEmails' | 'language'>;
const TEXT_FIELDS: TextField[] = ['displayName', 'firstName', 'lastName', 'phone', 'deliveryAddress'];

const LABELS: Record<keyof Values, MessageDescriptor> = {
  displayName: msg`Display name`,
  firstName: msg`First name`,
  lastName: msg`Last name`,
  phone: msg`Mobile number`,
  deliveryAddress: msg`Delivery address`,
  dateOfBirth: msg`Date of birth`,
  gender: msg`Gender`,
  orderEmails: msg`Order emails`,
  language: msg`Language`,
};

/** Each language named in itself (as the navigation bar's switch does), so a reader of either finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', id: 'Bahasa Indonesia' };

const valuesOf = (profile: UserProfile): Values => ({
  displayName: profile.displayName,
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone,
  deliveryAddress: profile.deliveryAddress,
  dateOfBirth: formatDateOfBirth(profile.dateOfBirth),
  gender: profile.gender ?? '',
  orderEmails: profile.orderEmails,
  language: profile.language,
});

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** The same rules as the API's, with sentences for this page in the screen's language; the API still has the last word. */
function schemaFor(saved: UserProfile, i18n: I18n) {
  const upTo = (max: number, field: MessageDescriptor) => {
    const label = i18n._(field);
    return z.string().trim().max(max, i18n._(msg`${label} can be at most ${max} characters`));
  };
  return z.object({
    displayName: upTo(NAME_MAX_LENGTH, LABELS.displayName),
    firstName: upTo(NAME_MAX_LENGTH, LABELS.firstName),
    lastName: upTo(NAME_MAX_LENGTH, LABELS.lastName),
    phone: z
      .string()
      .trim()
      // An account made by a sign-in provider may have no number yet; one that has a number keeps one.
      .refine((v) => v !== '' || saved.phone === '', i18n._(msg`Enter your mobile number`))
      .refine((v) => v === '' || (PHONE_PATTERN.test(v) && digitCount(v) >= 6 && digitCount(v) <= 15), {
        message: i18n._(msg`Write a phone number of 6 to 15 digits, for example +62 812 3456 7890`),
      }),
    deliveryAddress: upTo(ADDRESS_MAX_LENGTH, LABELS.deliveryAddress),
    dateOfBirth: z.string().superRefine((value, ctx) => {
      const parsed = parseDateOfBirth(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
    gender: z.enum(['', 'male', 'female']),
    orderEmails: z.boolean(),
    language: z.enum(['en', 'id']),
  });
}

/** Only what differs from the saved profile is sent (PATCH: the fields sent change). */
export function profileChanges(values: Values, saved: UserProfile): UpdateProfileInput {
  const changes: UpdateProfileInput = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== saved[field]) changes[field] = value;
  }
  const dob = parseDateOfBirth(values.dateOfBirth);
  if (dob.ok && dob.iso !== saved.dateOfBirth) changes.dateOfBirth = dob.iso;
  const gender = values.gender === '' ? null : values.gender;
  if (gender !== saved.gender) changes.gender = gender;
  if (values.orderEmails !== saved.orderEmails) changes.orderEmails = values.orderEmails;
  if (values.language !== saved.language) changes.language = values.language;
  return changes;
}

type PhotoChange = { kind: 'keep' } | { kind: 'new'; file: File; previewUrl: string } | { kind: 'remove' };
/** `text`: the API's sentence as it came, or one of this page's, drawn in the language the screens are in. */
type Banner = { tone: 'danger' | 'success'; text: string | MessageDescriptor };

/**
 * My Profile made real: the account's contacts and details, the photo, the password.
 * Save Change stores every change (fields, then the photo); Cancel goes back to the last saved values.
 */
export function ProfileForm({ profile, onLogout, signingOut }: { profile: UserProfile; onLogout: () => void; signingOut: boolean }) {
  const { t, i18n } = useLingui();
  // Made at each render (the form reads its latest resolver): its sentences follow a language switch.
  const schema = schemaFor(profile, i18n);
  const labels = Object.fromEntries(Object.entries(LABELS).map(([name, label]) => [name, t(label)]));
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(profile) });
  const update = useUpdateProfile();
  const upload = useUploadProfilePhoto();
  const removePhoto = useRemoveProfilePhoto();

  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  useRevokeObjectUrl(photo.kind === 'new' ? photo.previewUrl : null);

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  const cancel = () => {
    reset(valuesOf(profile));
    clearErrors();
    setPhoto({ kind: 'keep' });
    setPhotoError(null);
    setBanner(null);
  };

  const save = async (values: Values) => {
    setBanner(null);
    setPhotoError(null);
    const changes = profileChanges(values, profile);
    if (Object.keys(changes).length === 0 && photo.kind === 'keep') {
      setBanner({ tone: 'success', text: msg`Nothing to save: your profile is up to date.` });
      return;
    }
    let saved = profile;
    if (Object.keys(changes).length > 0) {
      try {
        saved = await update.mutateAsync(changes);
      } catch (error) {
        const fieldErrors = serverFieldErrors(error, labels);
        const fields = (Object.keys(LABELS) as (keyof Values)[]).filter((name) => fieldErrors[name]);
        for (const name of fields) setError(name, { type: 'server', message: fieldErrors[name] });
        if (fields[0]) setFocus(fields[0]);
        else setBanner({ tone: 'danger', text: errorMessage(error) });
        return;
      }
    }
    try {
      if (photo.kind === 'new') saved = await upload.mutateAsync(photo.file);
      else if (photo.kind === 'remove') saved = await removePhoto.mutateAsync();
    } catch (error) {
      reset(valuesOf(saved));
      setPhotoError(errorMessage(error));
      chooseRef.current?.focus();
      return;
    }
    reset(valuesOf(saved));
    setPhoto({ kind: 'keep' });
    setBanner({ tone: 'success', text: msg`Your profile has been saved.` });
    // The language saved is the screens' from now on too; the API's texts on screen are asked for again in it.
    if (saved.language !== currentLanguage()) {
      await switchLanguage(saved.language);
      await queryClient.invalidateQueries();
    }
  };

  const busy = isSubmitting || signingOut;
  const text = (name: TextField | 'dateOfBirth', extra: { hint?: boolean } = {}) => ({
    ...fieldInputProps(`profile-${name}`, { error: errors[name]?.message, hint: extra.hint, look: 'line' }),
    ...register(name),
  });

  return (
    <>
      {banner && (
        <div ref={bannerRef} tabIndex={-1} className="mb-6 focus:outline-none">
          <Alert tone={banner.tone} onClose={() => setBanner(null)}>
            {typeof banner.text === 'string' ? banner.text : t(banner.text)}
          </Alert>
        </div>
      )}
      {/* Phones: photo, then contacts and details, then the buttons. Wide screens: photo and buttons on the left. */}
      <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate aria-busy={busy} className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <PhotoCard
          profile={profile}
          photo={photo}
          onChange={setPhoto}
          error={photoError}
          onError={setPhotoError}
          onChosen={() => setBanner(null)}
          chooseRef={chooseRef}
          busy={busy}
        />
        <ProfileFields email={profile.email} errors={errors} text={text} register={register} />
        <SaveOrDiscard
          busy={busy}
          saving={isSubmitting}
          signingOut={signingOut}
          onCancel={cancel}
          onEditPassword={() => setPasswordOpen(true)}
          onLogout={onLogout}
        />
      </form>
      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} onChanged={(message) => setBanner({ tone: 'success', text: message })} />
    </>
  );
}

/** The photo as it will be saved: choose a new one or remove it; Save Change stores it. */
function PhotoCard({
  profile,
  photo,
  onChange,
  error,
  onError,
  onChosen,
  chooseRef,
  busy,
}: {
  profile: UserProfile;
  photo: PhotoChange;
  onChange: (photo: PhotoChange) => void;
  error: string | null;
  onError: (message: string | null) => void;
  /** A photo was chosen or refused: an earlier banner no longer applies. */
  onChosen: () => void;
  chooseRef: RefObject<HTMLButtonElement | null>;
  busy: boolean;
}) {
  const { t } = useLingui();
  const shownPhoto = photo.kind === 'new' ? photo.previewUrl : photo.kind === 'remove' ? null : profile.photoUrl;
  const photoIds = fieldIds('profile-photo');
  const choosePhoto = (file: File, previewUrl: string) => {
    onChosen();
    onError(null);
    onChange({ kind: 'new', file, previewUrl });
  };
  const rejectPhoto = (message: string) => {
    onChosen();
    onError(message);
  };
  return (
    <section aria-labelledby="profile-photo-heading" className="flex flex-col items-center rounded-3xl bg-white px-6 py-8 text-center shadow-card lg:col-start-1 lg:row-start-1">
      <h2 id="profile-photo-heading" className="sr-only">
        <Trans>Photo</Trans>
      </h2>
      <PictureFrame
        src={shownPhoto}
        alt={photo.kind === 'new' ? t`Your new photo (not saved yet)` : t`Your photo`}
        className="size-36 ring-4 ring-crema-soft"
        fallback={
          <svg viewBox="0 0 40 40" role="img" aria-label={t`No photo yet`} className="size-full">
            <circle cx="20" cy="20" r="20" fill="#FFF3D9" />
            <circle cx="20" cy="16" r="7" fill="#6A4029" />
            <path d="M7 34c2-7 7-10 13-10s11 3 13 10a19 19 0 0 1-26 0z" fill="#6A4029" />
          </svg>
        }
      />
      <p className="mt-4 font-display text-xl font-bold break-words text-ink">{profile.displayName}</p>
      <p className="text-sm break-all text-muted">{profile.email}</p>
      {photo.kind !== 'keep' && (
        <p className="mt-3 rounded-full bg-crema-soft px-3 py-1 text-xs font-medium text-espresso-deep">
          {photo.kind === 'new' ? t`New photo: Save Change to keep it` : t`Photo removed: Save Change to confirm`}
        </p>
      )}
      <div className="mt-6 flex w-full flex-col gap-3">
        <PictureChooser
          noun="photo"
          onChoose={choosePhoto}
          onReject={rejectPhoto}
          ref={chooseRef}
          variant="accent"
          shape="soft"
          disabled={busy}
          aria-describedby={error ? photoIds.error : photoIds.hint}
        >
          <Trans>Choose Photo</Trans>
        </PictureChooser>
        <Button
          variant="primary"
          shape="soft"
          disabled={busy || shownPhoto === null}
          onClick={() => {
            onError(null);
            onChange(profile.photoUrl ? { kind: 'remove' } : { kind: 'keep' });
          }}
        >
          <Trans>Remove Photo</Trans>
        </Button>
      </div>
      <p id={photoIds.hint} className="mt-3 text-xs text-muted">
        <Trans>JPEG, PNG, WebP or GIF, up to {MAX_PICTURE_MB} MB.</Trans>
      </p>
      <div className="mt-2 text-left">
        <FieldError id={photoIds.error} message={error ?? undefined} />
      </div>
    </section>
  );
}

type TextProps = (name: TextField | 'dateOfBirth', extra?: { hint?: boolean }) => ReturnType<typeof fieldInputProps> & UseFormRegisterReturn;

/** Contacts (the email, read only, the number and the address) and details (names, birthday, gender, order emails). */
function ProfileFields({
  email,
  errors,
  text,
  register,
}: {
  email: string;
  errors: FieldErrors<Values>;
  text: TextProps;
  register: UseFormRegister<Values>;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="profile-contacts-heading" className="rounded-3xl bg-white p-6 shadow-card sm:p-10 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <h2 id="profile-contacts-heading" className="font-display text-2xl font-bold text-ink">
        <Trans>Contacts</Trans>
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <FormField id="profile-email" label={t`Email address`} hint={t`You sign in with this address; it cannot be changed here.`} labelClassName="text-muted">
          <input
            id="profile-email"
            type="email"
            value={email}
            readOnly
            aria-describedby={fieldIds('profile-email').hint}
            className={inputStyles({ look: 'line' })}
          />
        </FormField>
        <FormField id="profile-phone" label={t`Mobile number`} error={errors.phone?.message} labelClassName="text-muted">
          <input type="tel" autoComplete="tel" placeholder="+62 812 3456 7890" {...text('phone')} />
        </FormField>
        <FormField id="profile-deliveryAddress" label={t`Delivery address`} error={errors.deliveryAddress?.message} className="md:col-span-2" labelClassName="text-muted">
          <textarea
            rows={2}
            autoComplete="street-address"
            placeholder={t`Street, number, city`}
            {...text('deliveryAddress')}
            className={cn(text('deliveryAddress').className, 'resize-y')}
          />
        </FormField>
      </div>

      <h2 className="mt-12 font-display text-2xl font-bold text-ink">
        <Trans>Details</Trans>
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <FormField id="profile-displayName" label={t`Display name`} error={errors.displayName?.message} labelClassName="text-muted">
          <input autoComplete="nickname" {...text('displayName')} />
        </FormField>
        <FormField
          id="profile-dateOfBirth"
          label={t`Date of birth`}
          hint={t`Written DD/MM/YY, for example 14/02/98.`}
          error={errors.dateOfBirth?.message}
          labelClassName="text-muted"
          className="md:row-span-1"
        >
          <input inputMode="numeric" autoComplete="bday" placeholder={t`DD/MM/YY`} {...text('dateOfBirth', { hint: true })} />
        </FormField>
        <FormField id="profile-firstName" label={t`First name`} error={errors.firstName?.message} labelClassName="text-muted">
          <input autoComplete="given-name" {...text('firstName')} />
        </FormField>
        <FormField id="profile-lastName" label={t`Last name`} error={errors.lastName?.message} labelClassName="text-muted">
          <input autoComplete="family-name" {...text('lastName')} />
        </FormField>
        <GenderChoice register={register('gender')} error={errors.gender?.message} />
        <label className="flex items-start gap-3 md:col-span-2">
          <input type="checkbox" className="mt-1 size-5 accent-espresso" {...register('orderEmails')} />
          <span>
            <Trans>Email me when an order is ready, on its way or cancelled by the shop</Trans>
          </span>
        </label>
        <LanguageChoice register={register('language')} />
      </div>
    </section>
  );
}

function SaveOrDiscard({
  busy,
  saving,
  signingOut,
  onCancel,
  onEditPassword,
  onLogout,
}: {
  busy: boolean;
  saving: boolean;
  signingOut: boolean;
  onCancel: () => void;
  onEditPassword: () => void;
  onLogout: () => void;
}) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Save or discard`} className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-card lg:col-start-1 lg:row-start-2">
      <p className="text-center font-display font-medium text-ink">
        <Trans>Do you want to save the change?</Trans>
      </p>
      <Button type="submit" variant="primary" size="lg" shape="soft" disabled={busy}>
        {saving ? t`Saving…` : t`Save Change`}
      </Button>
      <Button variant="accent" size="lg" shape="soft" disabled={busy} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button variant="light" size="lg" shape="soft" disabled={busy} onClick={onEditPassword} className="mt-3 border border-line">
        <Trans>Edit Password</Trans>
      </Button>
      <Button variant="light" size="lg" shape="soft" disabled={busy} onClick={onLogout} className="border border-line">
        {signingOut ? t`Logging out…` : t`Log out`}
      </Button>
    </section>
  );
}

function GenderChoice({ register, error }: { register: UseFormRegisterReturn<'gender'>; error: string | undefined }) {
  const ids = fieldIds('profile-gender');
  return (
    <fieldset className="md:col-span-2" aria-describedby={error ? ids.error : undefined}>
      <legend className="font-display font-medium text-muted">
        <Trans>Gender</Trans>
      </legend>
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-3">
        <Radio value="male" register={register}>
          <Trans>Male</Trans>
        </Radio>
        <Radio value="female" register={register}>
          <Trans>Female</Trans>
        </Radio>
      </div>
      <FieldError id={ids.error} message={error} />
    </fieldset>
  );
}

/**
 * The language of the screens, and of the mails and notifications the shop sends this account: saved with the profile,
 * it switches the screens too.
 */
function LanguageChoice({ register }: { register: UseFormRegisterReturn<'language'> }) {
  const hintId = fieldIds('profile-language').hint;
  return (
    <fieldset className="md:col-span-2" aria-describedby={hintId}>
      <legend className="font-display font-medium text-muted">
        <Trans>Language</Trans>
      </legend>
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-3">
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
          <Radio key={language} value={language} register={register} lang={language}>
            {LANGUAGE_NAMES[language]}
          </Radio>
        ))}
      </div>
      <p id={hintId} className="mt-2 text-sm text-muted">
        <Trans>The screens, and the mails and notifications we send you, are written in it.</Trans>
      </p>
    </fieldset>
  );
}

function Radio({
  value,
  register,
  lang,
  children,
}: {
  value: string;
  register: UseFormRegisterReturn<'gender' | 'language'>;
  lang?: string;
  children: ReactNode;
}) {
  return (
    <label lang={lang} className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-display text-lg text-ink">
      <input type="radio" value={value} {...register} className="size-5 accent-espresso" />
      {children}
    </label>
  );
}
