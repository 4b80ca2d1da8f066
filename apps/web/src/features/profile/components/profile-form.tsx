import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_PATTERN } from '@coffee/contract';
import type { UpdateProfileInput, UserProfile } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, fieldIds, fieldInputProps, inputStyles } from '../../../components/ui/form-field';
import { MAX_PICTURE_MB, PictureChooser, PictureFrame, useRevokeObjectUrl } from '../../../components/ui/picture-chooser';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
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
};
type TextField = Exclude<keyof Values, 'dateOfBirth' | 'gender' | 'orderEmails'>;
const TEXT_FIELDS: TextField[] = ['displayName', 'firstName', 'lastName', 'phone', 'deliveryAddress'];

const LABELS: Record<keyof Values, string> = {
  displayName: 'Display name',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Mobile number',
  deliveryAddress: 'Delivery address',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  orderEmails: 'Order emails',
};

const valuesOf = (profile: UserProfile): Values => ({
  displayName: profile.displayName,
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone,
  deliveryAddress: profile.deliveryAddress,
  dateOfBirth: formatDateOfBirth(profile.dateOfBirth),
  gender: profile.gender ?? '',
  orderEmails: profile.orderEmails,
});

const digitCount = (text: string) => text.replace(/\D/g, '').length;
const upTo = (max: number, label: string) => z.string().trim().max(max, `${label} can be at most ${max} characters`);

/** The same rules as the API's, with sentences for this page; the API still has the last word. */
function schemaFor(saved: UserProfile) {
  return z.object({
    displayName: upTo(NAME_MAX_LENGTH, 'Display name'),
    firstName: upTo(NAME_MAX_LENGTH, 'First name'),
    lastName: upTo(NAME_MAX_LENGTH, 'Last name'),
    phone: z
      .string()
      .trim()
      // An account made by a sign-in provider may have no number yet; one that has a number keeps one.
      .refine((v) => v !== '' || saved.phone === '', 'Enter your mobile number')
      .refine((v) => v === '' || (PHONE_PATTERN.test(v) && digitCount(v) >= 6 && digitCount(v) <= 15), {
        message: 'Write a phone number of 6 to 15 digits, for example +62 812 3456 7890',
      }),
    deliveryAddress: upTo(ADDRESS_MAX_LENGTH, 'Delivery address'),
    dateOfBirth: z.string().superRefine((value, ctx) => {
      const parsed = parseDateOfBirth(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
    gender: z.enum(['', 'male', 'female']),
    orderEmails: z.boolean(),
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
  return changes;
}

type PhotoChange = { kind: 'keep' } | { kind: 'new'; file: File; previewUrl: string } | { kind: 'remove' };
type Banner = { tone: 'danger' | 'success'; text: string };

/**
 * My Profile made real: the account's contacts and details, the photo, the password.
 * Save Change stores every change (fields, then the photo); Cancel goes back to the last saved values.
 */
export function ProfileForm({ profile, onLogout, signingOut }: { profile: UserProfile; onLogout: () => void; signingOut: boolean }) {
  const schema = useMemo(() => schemaFor(profile), [profile]);
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
      setBanner({ tone: 'success', text: 'Nothing to save: your profile is up to date.' });
      return;
    }
    let saved = profile;
    if (Object.keys(changes).length > 0) {
      try {
        saved = await update.mutateAsync(changes);
      } catch (error) {
        const fieldErrors = serverFieldErrors(error, LABELS);
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
    setBanner({ tone: 'success', text: 'Your profile has been saved.' });
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
            {banner.text}
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
        Photo
      </h2>
      <PictureFrame
        src={shownPhoto}
        alt={photo.kind === 'new' ? 'Your new photo (not saved yet)' : 'Your photo'}
        className="size-36 ring-4 ring-crema-soft"
        fallback={
          <svg viewBox="0 0 40 40" role="img" aria-label="No photo yet" className="size-full">
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
          {photo.kind === 'new' ? 'New photo: Save Change to keep it' : 'Photo removed: Save Change to confirm'}
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
          Choose Photo
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
          Remove Photo
        </Button>
      </div>
      <p id={photoIds.hint} className="mt-3 text-xs text-muted">
        JPEG, PNG, WebP or GIF, up to {MAX_PICTURE_MB} MB.
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
  return (
    <section aria-labelledby="profile-contacts-heading" className="rounded-3xl bg-white p-6 shadow-card sm:p-10 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <h2 id="profile-contacts-heading" className="font-display text-2xl font-bold text-ink">
        Contacts
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <FormField id="profile-email" label="Email address" hint="You sign in with this address; it cannot be changed here." labelClassName="text-muted">
          <input
            id="profile-email"
            type="email"
            value={email}
            readOnly
            aria-describedby={fieldIds('profile-email').hint}
            className={inputStyles({ look: 'line' })}
          />
        </FormField>
        <FormField id="profile-phone" label="Mobile number" error={errors.phone?.message} labelClassName="text-muted">
          <input type="tel" autoComplete="tel" placeholder="+62 812 3456 7890" {...text('phone')} />
        </FormField>
        <FormField id="profile-deliveryAddress" label="Delivery address" error={errors.deliveryAddress?.message} className="md:col-span-2" labelClassName="text-muted">
          <textarea
            rows={2}
            autoComplete="street-address"
            placeholder="Street, number, city"
            {...text('deliveryAddress')}
            className={cn(text('deliveryAddress').className, 'resize-y')}
          />
        </FormField>
      </div>

      <h2 className="mt-12 font-display text-2xl font-bold text-ink">Details</h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <FormField id="profile-displayName" label="Display name" error={errors.displayName?.message} labelClassName="text-muted">
          <input autoComplete="nickname" {...text('displayName')} />
        </FormField>
        <FormField
          id="profile-dateOfBirth"
          label="Date of birth"
          hint="Written DD/MM/YY, for example 14/02/98."
          error={errors.dateOfBirth?.message}
          labelClassName="text-muted"
          className="md:row-span-1"
        >
          <input inputMode="numeric" autoComplete="bday" placeholder="DD/MM/YY" {...text('dateOfBirth', { hint: true })} />
        </FormField>
        <FormField id="profile-firstName" label="First name" error={errors.firstName?.message} labelClassName="text-muted">
          <input autoComplete="given-name" {...text('firstName')} />
        </FormField>
        <FormField id="profile-lastName" label="Last name" error={errors.lastName?.message} labelClassName="text-muted">
          <input autoComplete="family-name" {...text('lastName')} />
        </FormField>
        <GenderChoice register={register('gender')} error={errors.gender?.message} />
        <label className="flex items-start gap-3 md:col-span-2">
          <input type="checkbox" className="mt-1 size-5 accent-espresso" {...register('orderEmails')} />
          <span>
            Email me when an order is ready, on its way or cancelled by the shop
          </span>
        </label>
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
  return (
    <section aria-label="Save or discard" className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-card lg:col-start-1 lg:row-start-2">
      <p className="text-center font-display font-medium text-ink">Do you want to save the change?</p>
      <Button type="submit" variant="primary" size="lg" shape="soft" disabled={busy}>
        {saving ? 'Saving…' : 'Save Change'}
      </Button>
      <Button variant="accent" size="lg" shape="soft" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="light" size="lg" shape="soft" disabled={busy} onClick={onEditPassword} className="mt-3 border border-line">
        Edit Password
      </Button>
      <Button variant="light" size="lg" shape="soft" disabled={busy} onClick={onLogout} className="border border-line">
        {signingOut ? 'Logging out…' : 'Log out'}
      </Button>
    </section>
  );
}

function GenderChoice({ register, error }: { register: UseFormRegisterReturn<'gender'>; error: string | undefined }) {
  const ids = fieldIds('profile-gender');
  return (
    <fieldset className="md:col-span-2" aria-describedby={error ? ids.error : undefined}>
      <legend className="font-display font-medium text-muted">Gender</legend>
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-3">
        <Radio value="male" register={register}>
          Male
        </Radio>
        <Radio value="female" register={register}>
          Female
        </Radio>
      </div>
      <FieldError id={ids.error} message={error} />
    </fieldset>
  );
}

function Radio({ value, register, children }: { value: string; register: UseFormRegisterReturn<'gender'>; children: ReactNode }) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-display text-lg text-ink">
      <input type="radio" value={value} {...register} className="size-5 accent-espresso" />
      {children}
    </label>
  );
}
