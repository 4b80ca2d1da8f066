import { useEffect, useRef } from 'react';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@coffee/contract';
import { t } from '@lingui/core/macro';
import { INTL_LOCALE } from '../../lib/clock-text';
import { cn } from '../../lib/cn';
import { currentLanguage } from '../../lib/i18n';
import { Button } from './button';

const MB = 1024 * 1024;
/** The API's limit on a picture's size, in MB, for hints. */
export const MAX_PICTURE_MB = MAX_IMAGE_BYTES / MB;

/** Why the API would refuse this file, as a sentence (`noun` names it: 'picture', 'photo'); null when it may be sent. */
export function pictureProblem(file: File, noun: 'picture' | 'photo'): string | null {
  // Worded at call time, in the screens' language then.
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return t`Choose a JPEG, PNG, WebP or GIF picture.`;
  if (file.size > MAX_IMAGE_BYTES) {
    // One decimal, with the language's decimal sign (6.0 MB, 6,0 MB).
    const size = new Intl.NumberFormat(INTL_LOCALE[currentLanguage()], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(file.size / MB);
    const limit = MAX_PICTURE_MB;
    return noun === 'photo'
      ? t`This picture is ${size} MB; a photo may be at most ${limit} MB.`
      : t`This picture is ${size} MB; a picture may be at most ${limit} MB.`;
  }
  return null;
}

/** A preview's object URL lives until it is replaced or the page closes. */
export function useRevokeObjectUrl(url: string | null): void {
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
}

type PictureChooserProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'onChange'> & {
  noun: 'picture' | 'photo';
  /** A file that passed the checks, with an object URL to preview it (release it with useRevokeObjectUrl). */
  onChoose: (file: File, previewUrl: string) => void;
  /** A file the API would refuse: why, to show under the button. */
  onReject: (message: string) => void;
};

/**
 * The button that opens the file picker, and the file input behind it. The input is hidden from everyone:
 * the button is what a keyboard or a screen reader reaches, with a name that says what it does.
 */
export function PictureChooser({ noun, onChoose, onReject, ...button }: PictureChooserProps) {
  const fileRef = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change again.
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file, noun);
    if (problem) onReject(problem);
    else onChoose(file, URL.createObjectURL(file));
  };

  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onChange={choose}
      />
      <Button {...button} onClick={() => fileRef.current?.click()} />
    </>
  );
}

type PictureFrameProps = {
  /** The picture to show (a preview or the saved one), or null for `fallback`. */
  src: string | null;
  alt: string;
  fallback: ReactNode;
  /** Size and ring or shadow; the frame is round. */
  className?: string;
};

/** The round frame a chosen picture is previewed in. */
export function PictureFrame({ src, alt, fallback, className }: PictureFrameProps) {
  return (
    <div className={cn('relative overflow-hidden rounded-full bg-crema-soft', className)}>
      {src ? <img src={src} alt={alt} className="size-full object-cover" /> : fallback}
    </div>
  );
}
